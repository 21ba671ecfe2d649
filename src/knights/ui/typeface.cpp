#include "knights/ui/typeface.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <span>

#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>

namespace knights::ui {
namespace {

// The sizes the screens use, in body sizes: each text size is drawn from
// the nearest of these, so no glyph is stretched more than about 7%.
constexpr std::array<float, 4> kTextSizes = {1.0f, 1.25f, 1.5f, 1.8f};
constexpr std::array<float, 3> kDisplaySizes = {2.4f, 3.0f, 3.5f};

// A baked font and the size it stands for, in body sizes.
struct BakedFont {
  float size = 0.0f;
  ImFont* font = nullptr;
};
std::array<BakedFont, kTextSizes.size()> g_text_fonts{};
std::array<BakedFont, kDisplaySizes.size()> g_display_fonts{};
float g_ui_scale = 1.0f;

// Latin-1 and the punctuation the screens print (dashes, quotes, the
// ellipsis, arrows, the bullet and the middle dot).
constexpr std::array<ImWchar, 13> kGlyphRanges = {0x0020, 0x00FF, 0x2013, 0x2014, 0x2018, 0x201D, 0x2022,
                                                  0x2022, 0x2026, 0x2026, 0x2190, 0x2193, 0};

template <size_t N>
void AddFaceSizes(ImFontAtlas& atlas, std::vector<uint8_t>& ttf, std::span<const float, N> sizes, float scale,
                  std::array<BakedFont, N>& out) {
  for (size_t i = 0; i < N; ++i) {
    ImFontConfig config;
    config.FontDataOwnedByAtlas = false;  // the Typeface keeps the bytes for the next bake
    config.OversampleH = 2;
    config.OversampleV = 1;
    const float px = std::round(Typeface::kBodyPx * sizes[i] * scale);
    out[i] = {sizes[i],
              atlas.AddFontFromMemoryTTF(ttf.data(), static_cast<int>(ttf.size()), px, &config, kGlyphRanges.data())};
  }
}

// The baked font of `face` nearest `size` (body sizes).
const BakedFont& NearestBaked(float size, Face face) {
  const std::span<const BakedFont> fonts =
      face == Face::kDisplay ? std::span<const BakedFont>(g_display_fonts) : std::span<const BakedFont>(g_text_fonts);
  const BakedFont* best = &fonts[0];
  for (const BakedFont& f : fonts) {
    if (std::abs(std::log(f.size / size)) < std::abs(std::log(best->size / size))) best = &f;
  }
  return *best;
}

}  // namespace

Typeface::Typeface(std::vector<uint8_t> text_ttf, std::vector<uint8_t> display_ttf)
    : text_ttf_(std::move(text_ttf)), display_ttf_(std::move(display_ttf)) {}

Typeface::~Typeface() {
  g_text_fonts = {};
  g_display_fonts = {};
  g_ui_scale = 1.0f;
}

bool Typeface::Bake(float ui_scale) {
  const float scale = std::clamp(ui_scale, kMinScale, kMaxScale);
  if (scale == scale_) return false;
  scale_ = scale;
  ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  atlas.Clear();
  AddFaceSizes(atlas, text_ttf_, std::span(kTextSizes), scale, g_text_fonts);
  AddFaceSizes(atlas, display_ttf_, std::span(kDisplaySizes), scale, g_display_fonts);
  ImGui::GetIO().FontDefault = g_text_fonts[0].font;
  ImGui_ImplOpenGL3_CreateFontsTexture();
  g_ui_scale = scale;
  return true;
}

float UiScale() { return g_ui_scale; }

FontAtSize FontFor(float size, Face face) {
  const BakedFont& baked = NearestBaked(size, face);
  if (baked.font == nullptr) return {ImGui::GetFont(), ImGui::GetFontSize() * size};
  return {baked.font, baked.font->FontSize};
}

TextSize::TextSize(float size, Face face) {
  const BakedFont& baked = NearestBaked(size, face);
  if (baked.font == nullptr) {
    ImGui::SetWindowFontScale(size);
    return;
  }
  ImGui::PushFont(baked.font);
  ImGui::SetWindowFontScale(size / baked.size);
  pushed_ = true;
}

TextSize::~TextSize() {
  ImGui::SetWindowFontScale(1.0f);
  if (pushed_) ImGui::PopFont();
}

}  // namespace knights::ui
