# Shared motion tools for the squire's clips (mathutils only): easing,
# splines, the squire's contact points, foot and hand placement, a gait model
# for one foot, and "hold tracks" (a limb resting on holds, travelling
# between them). Armature space: +Z up, facing -Y, left = +X.
import math
from mathutils import Quaternion, Vector

from squire_pose import LimbGoal, axis_angle, frame_from
from squire_rig import FWD, LEFT, SIDES, UP, cv, side_sign

TAU = 2.0 * math.pi


def clamp01(u):
    return min(max(u, 0.0), 1.0)


def ease(u):
    """Quintic ease in/out: zero velocity and acceleration at both ends."""
    u = clamp01(u)
    return u * u * u * (u * (6.0 * u - 15.0) + 10.0)


def bump(u):
    """0 -> 1 -> 0 with zero slope at both ends (a lift profile)."""
    u = clamp01(u)
    return 16.0 * u * u * (1.0 - u) * (1.0 - u)


def hermite(p0, v0, p1, v1, u):
    """Cubic Hermite; v0, v1 are derivatives with respect to u."""
    u2, u3 = u * u, u * u * u
    return (p0 * (2 * u3 - 3 * u2 + 1) + v0 * (u3 - 2 * u2 + u) +
            p1 * (-2 * u3 + 3 * u2) + v1 * (u3 - u2))


def keyed(keys, f):
    """Piecewise eased interpolation through (frame, value) keys; values may
    be floats, Vectors or Quaternions (slerped). Clamped outside."""
    if f <= keys[0][0]:
        return keys[0][1]
    for (fa, va), (fb, vb) in zip(keys, keys[1:]):
        if f <= fb:
            u = ease((f - fa) / (fb - fa))
            if isinstance(va, Quaternion):
                return va.slerp(vb, u)
            return va + (vb - va) * u
    return keys[-1][1]


class Squire:
    """The squire's measurements the clips need: contact points (rest pose,
    armature space, from the spec's joint-local values), stance and ladder."""

    def __init__(self, rest, spec):
        self.rest = rest
        self.spec = spec
        self.fps = spec["fps"]
        self.clip = {c["name"]: c for c in spec["clips"]}
        pts = spec["contact_points"]
        self.pt = {}
        for key, entry in pts.items():
            self.pt[key] = (entry["joint"], rest.from_local(entry["joint"], entry["local_m"]))
        st = spec["stance"]
        self.hips_z = st["hips_height_m"]
        self.stance_half = st["foot_half_width_m"]
        self.stance_fwd = st["sole_forward_m"]
        lad = spec["ladder"]
        self.rung_step = lad["rung_spacing_m"]
        self.rung_fwd = lad["rung_forward_m"]
        self.rung_r = lad["rung_radius_m"]
        self.hand_half = lad["hand_half_width_m"]
        self.foot_half = lad["foot_half_width_m"]

    # -- contact points ------------------------------------------------------
    def rest_point(self, key, side):
        return self.pt[key + "_" + side.lower()][1]

    def ankle_for(self, key, side, target, rot):
        """Ankle that puts the foot point `key` (sole, ball, heel) on target."""
        ankle0 = self.rest.head["foot." + side]
        return target - rot @ (self.rest_point(key, side) - ankle0)

    def wrist_for(self, side, target, rot):
        wrist0 = self.rest.head["hand." + side]
        return target - rot @ (self.rest_point("grip", side) - wrist0)

    # -- feet ----------------------------------------------------------------
    def knee_pole(self, side, yaw=0.0, out=0.15):
        return axis_angle(UP, yaw) @ (FWD + LEFT * (out * side_sign(side)))

    def foot_flat(self, side, fwd, left=None, up=0.0, yaw=0.0):
        """Foot flat on the floor (height `up`) with its sole point at
        (fwd, left) in the squire's terms, turned by yaw about up."""
        left = self.stance_half * side_sign(side) if left is None else left
        q = axis_angle(UP, yaw)
        ankle = self.ankle_for("sole", side, cv(fwd, left, up), q)
        return LimbGoal(ankle, self.knee_pole(side, yaw), q, q)

    def stance(self, side, yaw=0.0):
        return self.foot_flat(side, self.stance_fwd, yaw=yaw)

    def foot_on_rung(self, side, height, fwd=None, pitch=0.22):
        """Ball of the foot on top of the rung whose centre is at `height`."""
        fwd = self.rung_fwd if fwd is None else fwd
        q = axis_angle(LEFT, pitch)                   # toes a little down
        ball = cv(fwd, self.foot_half * side_sign(side), height + self.rung_r)
        ankle = self.ankle_for("ball", side, ball, q)
        pole = cv(0.7, 0.55 * side_sign(side), 0.45)  # knees forward, up and out
        return LimbGoal(ankle, pole, q, q)

    # -- hands ---------------------------------------------------------------
    def hand_rot(self, side, d, a):
        """Hand delta rotation: knuckles along d, index -> pinky along a."""
        d0, a0, _ = self.rest.hand_frame(side)
        m = frame_from(d, a) @ frame_from(d0, a0).transposed()
        return m.to_quaternion()

    def grip(self, side, height, fwd=None, lean=0.30):
        """Fist round the rung centre at `height`: knuckles up and a little
        forward over the rung, thumb side towards the ladder's middle."""
        fwd = self.rung_fwd if fwd is None else fwd
        sg = side_sign(side)
        d = (UP * math.cos(lean) + FWD * math.sin(lean)).normalized()
        q = self.hand_rot(side, d, LEFT * sg)
        centre = cv(fwd, self.hand_half * sg, height)
        pole = cv(-0.35, 1.0 * sg, -0.55)                # elbows out and down
        return LimbGoal(self.wrist_for(side, centre, q), pole, q)

    def palm_down(self, side, fwd, left, height):
        """Hand flat on a surface at `height`, fingers forward."""
        sg = side_sign(side)
        q = self.hand_rot(side, (FWD * 0.95 - UP * 0.3).normalized(), LEFT * sg)
        d0, a0, n0 = self.rest.hand_frame(side)
        wrist0 = self.rest.head["hand." + side]
        # The knuckle line's palm side touches the surface.
        touch = wrist0 + d0 * 0.075 + n0 * 0.025
        target = cv(fwd, left, height)
        wrist = target - q @ (touch - wrist0)
        return LimbGoal(wrist, cv(-0.4, 1.0 * sg, -0.6), q)


# ---------------------------------------------------------------------------
# Gait: one foot over a looping cycle.

class Gait:
    """Foot motion over a cycle of n frames for in-place locomotion at
    `speed` (m/s): flat on the floor on [plant, plant + flat] (frames), the
    sole sliding backwards (+Y) at exactly the speed; then `rise` frames of
    heel rise about the ball (ball still sliding), a swing, and `strike`
    frames of heel strike about the heel (heel sliding) before the next
    plant. `front` is the sole point's forward position at plant. The foot
    leaves and meets the flat phase with some angular speed, so the first
    and last planted frames are sharp."""

    def __init__(self, sq, side, n, plant, flat, speed, front, rise, strike,
                 lift, off_pitch, on_pitch, toe_in=0.0):
        self.sq, self.side, self.n, self.plant, self.flat = sq, side, n, plant, flat
        self.v = speed / sq.fps
        self.front, self.rise, self.strike = front, rise, strike
        self.lift, self.off_pitch, self.on_pitch = lift, off_pitch, on_pitch
        self.left = sq.stance_half * side_sign(side)
        self.yaw = toe_in * -side_sign(side)

    def _state(self, g):
        """(ankle, foot rotation, toe rotation) at g frames after plant."""
        sq, s = self.sq, self.side
        base = axis_angle(UP, self.yaw)
        if g <= self.flat:
            q = base
            return sq.ankle_for("sole", s, cv(self.front - self.v * g, self.left, 0.0), q), q, q
        if g <= self.flat + self.rise:
            u = (g - self.flat) / self.rise
            q = base @ axis_angle(LEFT, self.off_pitch * u ** 1.5)
            fwd = self.front - self.v * g
            ball = cv(fwd, self.left, 0.0) + base @ (sq.rest_point("ball", s) - sq.rest_point("sole", s))
            return sq.ankle_for("ball", s, ball, q), q, base
        if g >= self.n - self.strike:
            u = (self.n - g) / self.strike            # 1 at strike start, 0 at plant
            q = base @ axis_angle(LEFT, -self.on_pitch * u)     # the forefoot slaps down
            fwd = self.front + self.v * (self.n - g)
            heel = cv(fwd, self.left, 0.0) + base @ (sq.rest_point("heel", s) - sq.rest_point("sole", s))
            return sq.ankle_for("heel", s, heel, q), q, q
        # Swing: Hermite from the end of the rise to the start of the strike,
        # velocities matched at both ends; lift on top.
        g0, g1 = self.flat + self.rise, self.n - self.strike
        span = g1 - g0
        g_end = g1 if self.strike > 0 else 0.0     # the state the swing ends in
        a0, q0, _ = self._state(g0)
        a1, q1, _ = self._state(g_end)
        v0 = (a0 - self._state(g0 - 1e-3)[0]) / 1e-3 * span
        v1 = (self._state(g_end + 1e-3)[0] - a1) / 1e-3 * span
        u = (g - g0) / span
        ankle = hermite(a0, v0, a1, v1, u) + UP * (self.lift * bump(u))
        q = q0.slerp(q1, ease(u))
        toe = base.slerp(q, ease(min(1.0, u * 2.0)))
        return ankle, q, toe

    def goal(self, f, pole_out=0.12):
        g = (f - self.plant) % self.n
        ankle, q, toe = self._state(g)
        return LimbGoal(ankle, self.sq.knee_pole(self.side, self.yaw, pole_out), q, toe)


# ---------------------------------------------------------------------------
# Hold tracks: a limb rests on holds and travels between them.

class Hold:
    """On [f0, f1] the limb goal is fn(frame) (a LimbGoal)."""

    def __init__(self, f0, f1, fn):
        self.f0, self.f1, self.fn = f0, f1, fn


def travel(h0, h1, f, arc, path=None):
    """Between two holds: Hermite on the effector with the holds' own
    velocities at both ends, plus `arc` (a Vector) times a bump; or
    path(start, end, u) when given."""
    span = h1.f0 - h0.f1
    u = (f - h0.f1) / span
    g0, g1 = h0.fn(h0.f1), h1.fn(h1.f0)
    if path is not None:
        end = path(g0.end, g1.end, u)
    else:
        v0 = (g0.end - h0.fn(h0.f1 - 1).end) * span
        v1 = (h1.fn(h1.f0 + 1).end - g1.end) * span
        end = hermite(g0.end, v0, g1.end, v1, u) + arc * bump(u)
    w = ease(u)
    toe = None
    if g0.toe is not None and g1.toe is not None:
        toe = g0.toe.slerp(g1.toe, w)
    return LimbGoal(end, g0.pole.lerp(g1.pole, w), g0.rot.slerp(g1.rot, w), toe)


def track(holds, f, arc, path=None):
    """Goal at frame f for a limb with holds sorted by time; before the first
    and after the last hold it stays on them. `arc`/`path` may be functions
    of the two holds (h0, h1) to vary per move."""
    if f <= holds[0].f1:
        return holds[0].fn(max(f, holds[0].f0))
    for h0, h1 in zip(holds, holds[1:]):
        if f < h1.f0:
            a = arc(h0, h1) if callable(arc) else arc
            p = path(h0, h1) if path is not None else None
            return travel(h0, h1, f, a, p)
        if f <= h1.f1:
            return h1.fn(f)
    return holds[-1].fn(holds[-1].f1)


def up_and_over(lift, rise_share=0.6, delay=0.3):
    """Path that climbs first and moves across later (onto a ledge)."""
    def path(p0, p1, u):
        z = p0.z + (p1.z - p0.z) * ease(u / rise_share) + lift * bump(u)
        w = ease((u - delay) / (1.0 - delay))
        return Vector((p0.x + (p1.x - p0.x) * w, p0.y + (p1.y - p0.y) * w, z))
    return path


def still(goal):
    return lambda f: goal


# ---------------------------------------------------------------------------
# Whole-frame blending.

def arm_as_goal(rest, goals, side):
    """An arm given as ArmAngles, turned into the equivalent LimbGoal."""
    from squire_pose import solve
    s = solve(rest, goals)
    sh, el, wr = (s.p[b] for b in rest.limb["arm" + side])
    pole = el - (sh + wr) * 0.5
    return LimbGoal(wr, pole, s.d["hand." + side])


def mix_limb(a, b, u):
    toe = None
    if a.toe is not None and b.toe is not None:
        toe = a.toe.slerp(b.toe, u)
    return LimbGoal(a.end.lerp(b.end, u), a.pole.lerp(b.pole, u), a.rot.slerp(b.rot, u), toe)


def mix(rest, ga, gb, u):
    """Blend two frames: positions lerped, rotations slerped; an arm given by
    angles in one and by an effector in the other is blended as effectors."""
    from squire_pose import ArmAngles
    g = ga.copy()
    g.hips_pos = ga.hips_pos.lerp(gb.hips_pos, u)
    g.hips_rot = ga.hips_rot.slerp(gb.hips_rot, u)
    for k in set(ga.local) | set(gb.local):
        g.local[k] = ga.local.get(k, Quaternion()).slerp(gb.local.get(k, Quaternion()), u)
    for s in SIDES:
        a, b = ga.arm[s], gb.arm[s]
        if isinstance(a, ArmAngles) and isinstance(b, ArmAngles):
            g.arm[s] = a.mix(b, u)
        else:
            if isinstance(a, ArmAngles):
                a = arm_as_goal(rest, ga, s)
            if isinstance(b, ArmAngles):
                b = arm_as_goal(rest, gb, s)
            g.arm[s] = mix_limb(a, b, u)
        g.leg[s] = mix_limb(ga.leg[s], gb.leg[s], u)
    return g
