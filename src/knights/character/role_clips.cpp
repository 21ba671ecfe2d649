#include "knights/character/role_clips.h"

#include <algorithm>

#include "knights/character/clip_baker.h"
#include "knights/character/fallback_clips.h"
#include "knights/character/procedural_climb.h"
#include "knights/character/retarget.h"

namespace knights::character {
namespace {

constexpr ClipRole kLadderRoles[] = {ClipRole::kClimbUp, ClipRole::kClimbDown, ClipRole::kLadderEnterBottom,
                                     ClipRole::kLadderExitTop};

int FindByName(std::span<const anim::Clip> clips, const std::string& name) {
  if (name.empty()) return -1;
  for (size_t i = 0; i < clips.size(); ++i) {
    if (clips[i].Name() == name) return static_cast<int>(i);
  }
  return -1;
}

void Use(RoleClips& roles, ClipRole role, ClipSource source, std::vector<anim::Clip>& clips, anim::Clip clip) {
  clips.push_back(std::move(clip));
  roles.source[static_cast<int>(role)] = source;
  roles.clip[static_cast<int>(role)] = static_cast<int>(clips.size()) - 1;
}

bool Missing(const RoleClips& roles, ClipRole role) { return roles.clip[static_cast<int>(role)] < 0; }

// jump_up, fall and land: pieces of the file's jump where it has one, else
// the tucked walk pose and the spring dip.
core::Status AddJumpClips(const CharacterDesc& desc, const ClipBaker& baker, RoleClips& roles,
                          std::vector<anim::Clip>& clips) {
  const ClipRole pieces[] = {ClipRole::kJumpUp, ClipRole::kFall, ClipRole::kLand};
  if (std::none_of(std::begin(pieces), std::end(pieces), [&](ClipRole r) { return Missing(roles, r); })) {
    return core::Status::Ok();
  }
  const int jump = FindByName(clips, desc.jump_clip);
  if (jump >= 0) {
    auto split = SplitJumpAtApex(baker, anim::Clip(clips[jump]));
    if (!split) return core::Status::Error(desc.file + ": clips.jump: " + split.status().message());
    anim::Clip* piece_of[] = {&split->jump_up, &split->fall, &split->land};
    for (int i = 0; i < 3; ++i) {
      if (Missing(roles, pieces[i])) Use(roles, pieces[i], ClipSource::kJumpSplit, clips, std::move(*piece_of[i]));
    }
    return core::Status::Ok();
  }
  const anim::Clip walk = clips[roles.clip[static_cast<int>(ClipRole::kWalk)]];
  const anim::Clip idle = clips[roles.clip[static_cast<int>(ClipRole::kIdle)]];
  auto up = BuildTuckedJump(baker, walk, false);
  auto fall = BuildTuckedJump(baker, walk, true);
  auto land = BuildLandingDip(baker, idle);
  for (const auto* clip : {&up, &fall, &land}) {
    if (!*clip) return core::Status::Error(desc.file + ": " + clip->status().message());
  }
  if (Missing(roles, ClipRole::kJumpUp)) Use(roles, ClipRole::kJumpUp, ClipSource::kTuckedPose, clips, std::move(*up));
  if (Missing(roles, ClipRole::kFall)) Use(roles, ClipRole::kFall, ClipSource::kTuckedPose, clips, std::move(*fall));
  if (Missing(roles, ClipRole::kLand)) Use(roles, ClipRole::kLand, ClipSource::kLandingDip, clips, std::move(*land));
  return core::Status::Ok();
}

// The four ladder roles retargeted, where the file maps none of them, asks
// for no procedural climb and the source's climb fits the rig
// (Retargeter::ClimbFits).
core::Status AddRetargetedClimb(const CharacterDesc& desc, const Retargeter& retargeter, const RetargetSource& source,
                                RoleClips& roles, std::vector<anim::Clip>& clips) {
  if (desc.procedural_climb || !retargeter.ClimbFits()) return core::Status::Ok();
  for (const ClipRole role : kLadderRoles) {
    if (!Missing(roles, role) || source.roles->clip[static_cast<int>(role)] < 0) return core::Status::Ok();
  }
  for (const ClipRole role : kLadderRoles) {
    auto clip = retargeter.Retarget(source.clips[source.roles->clip[static_cast<int>(role)]], ClipRoleKey(role), true);
    if (!clip) return core::Status::Error(desc.file + ": clips." + ClipRoleKey(role) + ": " + clip.status().message());
    Use(roles, role, ClipSource::kRetargeted, clips, std::move(*clip));
  }
  return core::Status::Ok();
}

// Whether the file's single jump clip plays the role (split at its apex).
bool SplitFromTheFilesJump(const CharacterDesc& desc, ClipRole role) {
  return !desc.jump_clip.empty() && (role == ClipRole::kJumpUp || role == ClipRole::kFall || role == ClipRole::kLand);
}

// Every role the source plays and the file leaves out, retargeted (the
// ladder roles where their holds reach the source's; the jump's pieces
// where the file has no jump of its own).
core::Status AddRetargetedClips(const CharacterDesc& desc, const ClipBaker& baker, const RetargetSource& source,
                                RoleClips& roles, std::vector<anim::Clip>& clips) {
  const Retargeter retargeter(*source.baker, baker);
  for (int r = 0; r < kClipRoleCount; ++r) {
    const auto role = static_cast<ClipRole>(r);
    const int from = source.roles->clip[r];
    if (!Missing(roles, role) || from < 0 || IsLadderRole(role) || SplitFromTheFilesJump(desc, role)) continue;
    auto clip = retargeter.Retarget(source.clips[from], ClipRoleKey(role));
    if (!clip) return core::Status::Error(desc.file + ": clips." + ClipRoleKey(role) + ": " + clip.status().message());
    Use(roles, role, ClipSource::kRetargeted, clips, std::move(*clip));
  }
  roles.retarget_scale = retargeter.Scale();
  return AddRetargetedClimb(desc, retargeter, source, roles, clips);
}

core::Status AddClimbClips(const CharacterDesc& desc, const ClipBaker& baker, RoleClips& roles,
                           std::vector<anim::Clip>& clips) {
  if (!UsesProceduralClimb(desc) || !Missing(roles, ClipRole::kClimbUp)) return core::Status::Ok();
  auto climb = BuildProceduralClimb(baker, anim::Clip(clips[roles.clip[static_cast<int>(ClipRole::kIdle)]]));
  if (!climb) return core::Status::Error(desc.file + ": " + climb.status().message());
  Use(roles, ClipRole::kClimbUp, ClipSource::kProceduralClimb, clips, std::move(climb->climb_up));
  Use(roles, ClipRole::kClimbDown, ClipSource::kProceduralClimb, clips, std::move(climb->climb_down));
  Use(roles, ClipRole::kLadderEnterBottom, ClipSource::kProceduralClimb, clips, std::move(climb->enter_bottom));
  Use(roles, ClipRole::kLadderExitTop, ClipSource::kProceduralClimb, clips, std::move(climb->exit_top));
  return core::Status::Ok();
}

}  // namespace

bool NeedsRetargeting(const CharacterDesc& desc) {
  return desc.clips[static_cast<int>(ClipRole::kIdle)].empty() || desc.clips[static_cast<int>(ClipRole::kWalk)].empty();
}

bool RetargetsLeftOutRoles(const CharacterDesc& desc) {
  if (!desc.retarget) return false;
  for (int r = 0; r < kClipRoleCount; ++r) {
    if (desc.clips[r].empty() && !SplitFromTheFilesJump(desc, static_cast<ClipRole>(r))) return true;
  }
  return false;
}

bool UsesProceduralClimb(const CharacterDesc& desc) {
  return desc.procedural_climb || std::any_of(std::begin(kLadderRoles), std::end(kLadderRoles),
                                              [&](ClipRole r) { return desc.clips[static_cast<int>(r)].empty(); });
}

core::Expected<RoleClips> AddRoleClips(const CharacterDesc& desc, const anim::Skeleton& skeleton, const Rig& rig,
                                       std::vector<anim::Clip>& clips, const RetargetSource* source) {
  RoleClips roles;
  roles.source.fill(ClipSource::kNone);
  roles.clip.fill(-1);
  const bool procedural_climb = UsesProceduralClimb(desc);
  for (int r = 0; r < kClipRoleCount; ++r) {
    if (procedural_climb && IsLadderRole(static_cast<ClipRole>(r))) continue;
    roles.clip[r] = FindByName(clips, desc.clips[r]);
    if (roles.clip[r] >= 0) roles.source[r] = ClipSource::kClip;
  }
  const ClipBaker baker(skeleton, rig);
  if (desc.retarget && source != nullptr) {
    if (core::Status s = AddRetargetedClips(desc, baker, *source, roles, clips); !s.ok()) return s;
  }
  for (const ClipRole base : {ClipRole::kIdle, ClipRole::kWalk}) {
    if (!Missing(roles, base)) continue;
    const std::string& name = desc.clips[static_cast<int>(base)];
    const std::string why = !name.empty()    ? "no clip '" + name + "'"
                            : !desc.retarget ? std::string("missing, and \"retarget\" is false")
                                             : std::string("missing, and no character to retarget its clips from");
    return core::Status::Error(desc.file + ": clips." + ClipRoleKey(base) + ": " + why);
  }
  if (Missing(roles, ClipRole::kRun)) {
    auto run = BuildWarpedRun(baker, anim::Clip(clips[roles.clip[static_cast<int>(ClipRole::kWalk)]]));
    if (!run) return core::Status::Error(desc.file + ": " + run.status().message());
    Use(roles, ClipRole::kRun, ClipSource::kWarpedWalk, clips, std::move(*run));
  }
  if (core::Status s = AddJumpClips(desc, baker, roles, clips); !s.ok()) return s;
  if (Missing(roles, ClipRole::kTurn)) {
    auto turn = BuildTurnOnTheSpot(baker, anim::Clip(clips[roles.clip[static_cast<int>(ClipRole::kIdle)]]));
    if (!turn) return core::Status::Error(desc.file + ": " + turn.status().message());
    Use(roles, ClipRole::kTurn, ClipSource::kProceduralTurn, clips, std::move(*turn));
  }
  if (core::Status s = AddClimbClips(desc, baker, roles, clips); !s.ok()) return s;
  return roles;
}

}  // namespace knights::character
