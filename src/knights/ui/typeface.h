#pragma once
// The UI's typefaces: a sans for text and a bold serif for titles
// (DejaVu Sans and DejaVu Serif Bold, assets/fonts), baked into Dear
// ImGui's font atlas at every size the screens use, for the window's
// scale, so text is drawn from glyphs rasterised at its own size (crisp
// at 720 lines and at 2160) instead of a small bitmap font stretched.
//
//   ui::Typeface faces(text_ttf, display_ttf);   // once, after ImGui's context
//   faces.Bake(height_px / 720.0f);              // before NewFrame; rebakes only on a change
//   { ui::TextSize big(1.5f); ImGui::TextUnformatted("New Game"); }

#include <cstdint>
#include <vector>

struct ImFont;

namespace knights::ui {

enum class Face {
  kText,     // menus, hints, the HUD
  kDisplay,  // the game's name and the screens' titles
};

class Typeface {
 public:
  // The body text's height at 720 lines, pixels; TextSize(1) draws at it.
  static constexpr float kBodyPx = 16.0f;
  // The UI's scale is kept within these (2160 lines: 3).
  static constexpr float kMinScale = 0.5f;
  static constexpr float kMaxScale = 3.0f;

  // The faces' TrueType bytes, already checked (asset::LoadFontFile).
  Typeface(std::vector<uint8_t> text_ttf, std::vector<uint8_t> display_ttf);
  ~Typeface();
  Typeface(const Typeface&) = delete;
  Typeface& operator=(const Typeface&) = delete;

  // Bakes both faces for this UI scale (1 at 720 lines, clamped to
  // kMinScale..kMaxScale) unless already baked for it, and uploads the
  // atlas. Returns whether it baked. Call outside an ImGui frame, with the
  // GL context current.
  bool Bake(float ui_scale);
  float scale() const { return scale_; }

 private:
  std::vector<uint8_t> text_ttf_;
  std::vector<uint8_t> display_ttf_;
  float scale_ = 0.0f;  // 0: not baked yet
};

// The UI's scale the faces are baked for (1 before any bake).
float UiScale();

// The baked font nearest `size` body sizes in `face`, and its own size in
// pixels, for text drawn straight into a draw list (the credits);
// ImGui's current font without baked faces.
struct FontAtSize {
  ImFont* font = nullptr;
  float px = 0.0f;  // the size it was baked at
};
FontAtSize FontFor(float size, Face face = Face::kText);

// Text inside this scope is `size` times the body size, in `face`: the
// baked font nearest that size, scaled by the small rest. Without baked
// faces (a test's bare ImGui context) the default font is scaled.
class TextSize {
 public:
  explicit TextSize(float size, Face face = Face::kText);
  ~TextSize();
  TextSize(const TextSize&) = delete;
  TextSize& operator=(const TextSize&) = delete;

 private:
  bool pushed_ = false;
};

}  // namespace knights::ui
