#!/usr/bin/env python3
"""Synthesises every game sound (assets/sounds/*.wav) from code.

Pure Python 3 standard library. Output: RIFF/WAVE, PCM, 16-bit signed little
endian, mono, 22050 Hz. Byte-identical from run to run and from machine to
machine: every sound has its own fixed-seed random.Random (only .random() is
used), and the signal path uses only IEEE-exact arithmetic (+ - * /, floor,
ldexp): sin and exp are this file's own polynomials (dsin, dexp), not libm's,
so no platform's math library can change a bit.

Usage: python3 tools/sounds/make_sounds.py [--out DIR] [--only NAME...] [--stats]
See tools/sounds/README.md for what each sound is and how it is made.
"""

import argparse
import math
import os
import random
import struct
import sys
import time
import wave

SR = 22050
PI = 3.141592653589793
TAU = 6.283185307179586
HALF_PI = 1.5707963267948966
LN2 = 0.6931471805599453
LN10 = 2.302585092994046

# ---------------------------------------------------------------------------
# Deterministic maths: Taylor polynomials after exact range reduction.

_SIN_C = tuple((-1) ** k / math.factorial(2 * k + 1) for k in range(10))
_EXP_C = tuple(1 / math.factorial(k) for k in range(16))


def dsin(x):
    k = math.floor(x / TAU + 0.5)
    r = x - k * TAU
    if r > HALF_PI:
        r = PI - r
    elif r < -HALF_PI:
        r = -PI - r
    r2 = r * r
    p = _SIN_C[9]
    for c in _SIN_C[8::-1]:
        p = p * r2 + c
    return r * p


def dcos(x):
    return dsin(x + HALF_PI)


def dtan(x):
    return dsin(x) / dcos(x)


def dexp(x):
    if x < -700.0:
        return 0.0
    k = math.floor(x / LN2 + 0.5)
    r = x - k * LN2
    p = _EXP_C[15]
    for c in _EXP_C[14::-1]:
        p = p * r + c
    return math.ldexp(p, k)


def db_gain(db):
    return dexp(db * LN10 / 20.0)


def semis(n):
    """Frequency ratio of n equal-tempered semitones."""
    return dexp(n * LN2 / 12.0)


TABN = 4096
SIN_TAB = [dsin(TAU * i / TABN) for i in range(TABN + 1)]


def table_sin(cycles):
    """sin(2 pi cycles) by linear interpolation in SIN_TAB (error < 3e-7)."""
    ph = cycles - math.floor(cycles)
    idx = ph * TABN
    i = int(idx)
    a = SIN_TAB[i]
    return a + (SIN_TAB[i + 1] - a) * (idx - i)


# ---------------------------------------------------------------------------
# Buffers, envelopes, oscillators.


def zeros(n):
    return [0.0] * n


def secs(t):
    return int(t * SR + 0.5)


def noise(rng, n):
    r = rng.random
    return [2.0 * r() - 1.0 for _ in range(n)]


_HANN = {}


def hann(n):
    """A full Hann window of n samples (0 at both ends)."""
    w = _HANN.get(n)
    if w is None:
        w = [0.5 - 0.5 * dcos(TAU * i / (n - 1)) for i in range(n)] if n > 1 else [1.0]
        _HANN[n] = w
    return w


def rise(n):
    """Raised-cosine ramp 0 -> 1 over n samples (first sample 0)."""
    return [0.5 - 0.5 * dcos(PI * i / n) for i in range(n)]


def ad_env(n, attack, tau, hold=0.0):
    """Raised-cosine attack (s), optional hold (s), then exp decay (time constant tau s)."""
    na = max(1, secs(attack))
    nh = secs(hold)
    e = rise(min(na, n))
    e.extend([1.0] * max(0, min(nh, n - len(e))))
    k = dexp(-1.0 / (tau * SR))
    v = 1.0
    app = e.append
    for _ in range(n - len(e)):
        v *= k
        app(v)
    return e


def mul(a, b):
    return [x * y for x, y in zip(a, b)]


def scale(a, g):
    return [x * g for x in a]


def add_into(dst, src, start=0, gain=1.0, wrap=False):
    n = len(dst)
    if wrap:
        for i, v in enumerate(src):
            dst[(start + i) % n] += gain * v
        return
    end = min(n, start + len(src))
    for i in range(max(0, start), end):
        dst[i] += gain * src[i - start]


def add_damped(dst, start, f, tau, amp):
    """Adds amp * exp(-t/tau) * sin(2 pi f t) from dst[start] (a two-pole
    resonator's impulse response, by recurrence), down to -100 dB."""
    w = TAU * f / SR
    r = dexp(-1.0 / (tau * SR))
    c = 2.0 * r * dcos(w)
    r2 = r * r
    m = min(int(11.5 * tau * SR) + 2, len(dst) - start)
    y_prev = 0.0
    y = amp * r * dsin(w)
    for j in range(start + 1, start + m):
        dst[j] += y
        y, y_prev = c * y - r2 * y_prev, y


def osc(freqs, phase=0.0):
    """Sine with a per-sample frequency list (Hz), phase in cycles."""
    tab = SIN_TAB
    inv = 1.0 / SR
    out = []
    app = out.append
    ph = phase - math.floor(phase)
    for f in freqs:
        idx = ph * TABN
        i = int(idx)
        a = tab[i]
        app(a + (tab[i + 1] - a) * (idx - i))
        ph += f * inv
        if ph >= 1.0:
            ph -= 1.0
    return out


def glide(n, f_start, f_end, tau):
    """Per-sample frequency moving exponentially from f_start towards f_end."""
    k = dexp(-1.0 / (tau * SR))
    d = f_start - f_end
    out = []
    app = out.append
    for _ in range(n):
        app(f_end + d)
        d *= k
    return out


def fade(x, fin, fout):
    """Raised-cosine fade-in of fin s and fade-out of fout s, in place."""
    n = len(x)
    a = secs(fin)
    if a > 0:
        for i, g in enumerate(rise(a)):
            x[i] *= g
    b = secs(fout)
    if b > 0:
        r = rise(b)
        for i in range(b):
            x[n - 1 - i] *= r[i]
    x[-1] = 0.0
    return x


# ---------------------------------------------------------------------------
# Filters (each returns a new list). `circular` versions make loops: the
# input is treated as periodic and the output is periodic too.


def lp1(x, fc):
    a = 1.0 - dexp(-TAU * fc / SR)
    y = 0.0
    out = []
    app = out.append
    for v in x:
        y += a * (v - y)
        app(y)
    return out


def hp1(x, fc):
    lo = lp1(x, fc)
    return [a - b for a, b in zip(x, lo)]


def _svf_coeffs(fc, q):
    fc = min(max(fc, 10.0), 0.45 * SR)
    g = dtan(PI * fc / SR)
    k = 1.0 / q
    a1 = 1.0 / (1.0 + g * (g + k))
    a2 = g * a1
    a3 = g * a2
    return k, a1, a2, a3


def svf(x, fc, q=0.7071, mode="lp", block=30):
    """Trapezoidal state-variable filter (Cytomic/Zavalishin).
    fc: Hz, or a per-sample list (coefficients refreshed every `block`
    samples). mode: lp, bp (0 dB at the peak), hp."""
    n = len(x)
    out = [0.0] * n
    ic1 = ic2 = 0.0
    varying = isinstance(fc, list)
    k, a1, a2, a3 = _svf_coeffs(fc if not varying else fc[0], q)
    lo = 0
    while lo < n:
        hi = min(n, lo + block) if varying else n
        if varying:
            k, a1, a2, a3 = _svf_coeffs(fc[lo], q)
        for i in range(lo, hi):
            v0 = x[i]
            v3 = v0 - ic2
            v1 = a1 * ic1 + a2 * v3
            v2 = ic2 + a2 * ic1 + a3 * v3
            ic1 = 2.0 * v1 - ic1
            ic2 = 2.0 * v2 - ic2
            if mode == "lp":
                out[i] = v2
            elif mode == "bp":
                out[i] = k * v1
            else:
                out[i] = v0 - k * v1 - v2
        lo = hi
    return out


def circular(fn, x, *params):
    """Runs fn over two periods of x (and of any list params) and keeps the
    second: the filter state has settled, so the result is periodic."""
    n = len(x)
    doubled = [p + p if isinstance(p, list) else p for p in params]
    return fn(x + x, *doubled)[n:]


def _comb(x, d, fb, damp):
    w = [0.0] * (len(x) + d)
    out = [0.0] * len(x)
    s = 0.0
    d1 = 1.0 - damp
    for i, v in enumerate(x):
        o = w[i]
        s = o * d1 + s * damp
        w[i + d] = v + s * fb
        out[i] = o
    return out


def _allpass(x, d, g=0.5):
    buf = [0.0] * (len(x) + d)
    out = [0.0] * len(x)
    for i, v in enumerate(x):
        b = buf[i]
        buf[i + d] = v + b * g
        out[i] = b - v * g
    return out


def reverb(x, room=0.8, damp=0.35, wet=0.25):
    """A small Schroeder/Freeverb-style mono reverb: 4 damped feedback combs
    in parallel, then 2 allpasses. Returns dry + wet * reverb."""
    acc = [0.0] * len(x)
    for d in (557, 593, 641, 677):
        for i, v in enumerate(_comb(x, d, room, damp)):
            acc[i] += v
    acc = _allpass(_allpass(acc, 277), 173)
    g = 0.25 * wet
    return [a + g * b for a, b in zip(x, acc)]


# ---------------------------------------------------------------------------
# Finishing.


def finish_effect(x, fout=0.02):
    """A 25 Hz high-pass and the fades; the level is set by its bus (level())."""
    x = hp1(x, 25.0)
    fade(x, 0.001, fout)
    return x


def finish_loop(x):
    """The loop's DC removed around its cycle; the level is set by its bus."""
    x = circular(hp1, x, 25.0)
    m = sum(x) / len(x)
    return [v - m for v in x]


# ---------------------------------------------------------------------------
# Loudness, as ITU-R BS.1770-4 measures it (and src/knights/audio/
# loudness_meter.cpp): K-weighting (a +4 dB high shelf above about 1.7 kHz,
# then a 38 Hz high-pass), mean squares over 400 ms blocks a new one every
# 100 ms, and LUFS = -0.691 + 10 log10(mean square). A file is measured as
# the game plays it, the same in both ears: twice the mono mean square.
# Gains are computed from mean squares with sqrt, never from logarithms,
# so the output stays byte-identical.

BLOCK = SR * 4 // 10  # 400 ms
HOP = SR // 10        # 100 ms


def _biquad(x, b, a):
    x1 = x2 = y1 = y2 = 0.0
    out = []
    app = out.append
    b0, b1, b2 = b
    a1, a2 = a
    for v in x:
        y = b0 * v + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, v, y1, y
        app(y)
    return out


def k_weighted(x):
    f0, gain_db, q = 1681.974450955533, 3.999843853973347, 0.7071752369554196
    k = dtan(PI * f0 / SR)
    vh = db_gain(gain_db)
    vb = dexp(0.4996667741545416 * gain_db * LN10 / 20.0)  # vh ** 0.4996667741545416
    a0 = 1.0 + k / q + k * k
    x = _biquad(x, ((vh + vb * k / q + k * k) / a0, 2.0 * (k * k - vh) / a0, (vh - vb * k / q + k * k) / a0),
                (2.0 * (k * k - 1.0) / a0, (1.0 - k / q + k * k) / a0))
    f0, q = 38.13547087602444, 0.5003270373238773
    k = dtan(PI * f0 / SR)
    a0 = 1.0 + k / q + k * k
    return _biquad(x, (1.0, -2.0, 1.0), (2.0 * (k * k - 1.0) / a0, (1.0 - k / q + k * k) / a0))


def block_mean_squares(x):
    """Each 400 ms block's K-weighted mean square, both ears; a sound
    shorter than a block is measured in one block, padded with silence."""
    w = k_weighted(x + [0.0] * max(0, BLOCK - len(x)))
    sq = [v * v for v in w]
    return [2.0 * sum(sq[i:i + BLOCK]) / BLOCK for i in range(0, len(sq) - BLOCK + 1, HOP)]


def lufs_mean_square(lufs):
    return dexp((lufs + 0.691) * LN10 / 10.0)


def integrated_mean_square(x):
    """Gated as BS.1770 gates: blocks under -70 LUFS, then those 10 LU
    under the mean of the rest, are left out."""
    blocks = [b for b in block_mean_squares(x) if b > lufs_mean_square(-70.0)]
    gate = 0.1 * sum(blocks) / len(blocks)
    kept = [b for b in blocks if b > gate]
    return sum(kept) / len(kept)


def momentary_mean_square(x):
    """The loudest 400 ms block: how loud a short sound is when heard."""
    return max(block_mean_squares(x))


def lufs(mean_square):
    return -0.691 + 10.0 * math.log10(mean_square) if mean_square > 0 else float("-inf")


# ---------------------------------------------------------------------------
# Levels: every sound normalised to a loudness set by its bus.
#
# MIX_TARGET_LUFS is what each bus reads in the game's output at the default
# volumes (src/knights/audio/mix_targets.h holds the same numbers, and a test
# records the demo's mix and checks each bus against them). A file's target
# is its bus's less the gain the game gives that bus by default, plus the
# sound's trim: loops are measured integrated (gated), effects by their
# loudest 400 ms. No file peaks above PEAK_CEILING_DB; where the target
# would pass it, the ceiling sets the level (--stats marks it "capped").

MIX_TARGET_LUFS = {"effects": -20.0, "music": -25.0, "ambience": -30.0}
# master 0.8 times the bus's own default volume (game::SoundVolumes{})
DEFAULT_BUS_GAIN = {"effects": 0.8, "music": 0.8 * 0.6, "ambience": 0.8 * 1.0}
PEAK_CEILING_DB = -1.0

# Effects against the bus's target, LU, by name prefix (first match): the
# steps, heard most, sit under it; blows and cues that must carry over a
# fight sit over it.
EFFECT_TRIMS_LU = (
    ("step_", -4.0), ("armour_clank_", -9.0), ("rung_grab_", -6.0),
    ("jump", 0.0), ("land", 0.0),
    ("sword_swing_heavy", 1.0), ("sword_swing_", 0.0), ("sword_hit_", 2.0), ("shield_block_", 0.0),
    ("hurt", 1.0), ("knockdown", 2.0),
    ("checkpoint", 4.0), ("level_complete", 4.0), ("medal", 4.0), ("pickup", 2.0), ("enemy_notice", 2.0),
)


def bus_of(name):
    if name == "music_loop":
        return "music"
    if name == "ambient_wind_loop":
        return "ambience"
    return "effects"


def trim_lu(name):
    if bus_of(name) != "effects":
        return 0.0
    return next(t for prefix, t in EFFECT_TRIMS_LU if name.startswith(prefix))


def target_lufs(name):
    """The loudness the file is normalised to, played in both ears."""
    bus = bus_of(name)
    return MIX_TARGET_LUFS[bus] - 20.0 * math.log10(DEFAULT_BUS_GAIN[bus]) + trim_lu(name)


def level(name, x):
    """x scaled to its target loudness, or to the peak ceiling if lower.
    Returns the samples and whether the ceiling set the level."""
    bus = bus_of(name)
    # The target's mean square, from exact operations only: the bus's
    # target with the trim, over the default gain squared.
    want = lufs_mean_square(MIX_TARGET_LUFS[bus] + trim_lu(name)) / (DEFAULT_BUS_GAIN[bus] * DEFAULT_BUS_GAIN[bus])
    have = integrated_mean_square(x) if bus != "effects" else momentary_mean_square(x)
    g = math.sqrt(want / have)
    peak = max(max(x), -min(x))
    ceiling = db_gain(PEAK_CEILING_DB) / peak
    return [v * min(g, ceiling) for v in x], ceiling < g


def write_wav(path, x):
    ints = []
    app = ints.append
    fl = math.floor
    for v in x:
        s = fl(v * 32767.0 + 0.5)
        app(32767 if s > 32767 else (-32767 if s < -32767 else s))
    data = struct.pack("<%dh" % len(ints), *ints)
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.setnframes(len(ints))
        w.writeframes(data)
    return ints


# ---------------------------------------------------------------------------
# Building blocks for the effects.


def crackle(rng, n, grains_per_s, base=0.3, span=0.1):
    """A crunchy amplitude pattern: a floor plus random 2-8 ms Hann grains
    over the first `span` seconds."""
    e = [base] * n
    m = min(n, secs(span))
    for _ in range(int(grains_per_s * span)):
        pos = int(rng.random() * m)
        w = hann(secs(0.002 + 0.006 * rng.random()))
        amp = 0.25 + 0.5 * rng.random()
        for j, h in enumerate(w):
            if pos + j < n:
                e[pos + j] += amp * h
    return e


def noise_hit(rng, n, attack, tau, gain=1.0):
    return scale(mul(noise(rng, n), ad_env(n, attack, tau)), gain)


def metal_hit(dst, start, rng, partials, gain):
    """A small plate-armour tick: inharmonic partials (f, amp, tau) with
    random weights, plus a high-passed 1.5 ms noise tick."""
    for f, a, tau in partials:
        add_damped(dst, start, f, tau, gain * a * (0.55 + 0.45 * rng.random()))
    m = secs(0.012)
    tick = svf(noise_hit(rng, m, 0.0003, 0.0015), 4500.0, 0.7, "hp")
    add_into(dst, tick, start, 0.25 * gain)


def armour_partials(rng, base, spread=0.04):
    """2-6 kHz inharmonic partials (f, amp, tau), jittered per variant."""
    ratios = (1.0, 1.37, 1.93, 2.46)
    amps = (1.0, 0.8, 0.6, 0.45)
    taus = (0.045, 0.035, 0.026, 0.02)
    out = []
    for r, a, t in zip(ratios, amps, taus):
        f = base * r * (1.0 + spread * (2.0 * rng.random() - 1.0))
        if f < 6200.0:
            out.append((f, a, t * (0.85 + 0.3 * rng.random())))
    return out


# ---------------------------------------------------------------------------
# The sounds. Each takes nothing but its own constants and returns samples.


def step_grass(seed, pitch, length):
    rng = random.Random(seed)
    n = secs(length)
    x = zeros(n)
    toe = 0.035 + 0.025 * rng.random()
    for t0, amp, tau in ((0.002, 1.0, 0.038), (toe, 0.45 + 0.15 * rng.random(), 0.028)):
        m = n - secs(t0)
        burst = mul(noise_hit(rng, m, 0.004, tau), crackle(rng, m, 500.0, 0.6))
        add_into(x, burst, secs(t0), amp)
    x = svf(svf(x, 1900.0 * pitch, 0.6, "lp"), 2600.0 * pitch, 0.6, "lp")
    x = hp1(x, 140.0)
    thump = mul(osc(glide(n, 110.0 * pitch, 70.0 * pitch, 0.02)), ad_env(n, 0.003, 0.028))
    add_into(x, thump, 0, 0.14)
    return finish_effect(x, 0.03)


def step_wood(seed, pitch, length):
    rng = random.Random(seed)
    n = secs(length)
    x = zeros(n)
    modes = ((192.0, 1.0, 0.055), (271.0, 0.75, 0.042), (347.0, 0.5, 0.032),
             (418.0, 0.35, 0.024), (655.0, 0.2, 0.014), (1040.0, 0.12, 0.008))
    s0 = secs(0.002)
    for f, a, tau in modes:
        f *= pitch * (1.0 + 0.03 * (2.0 * rng.random() - 1.0))
        add_damped(x, s0, f, tau * 1.2, 2.0 * a * (0.8 + 0.4 * rng.random()))
    click = svf(noise_hit(rng, secs(0.03), 0.0004, 0.0035), 2400.0 * pitch, 1.2, "bp")
    add_into(x, click, s0, 2.8)
    thud = svf(noise_hit(rng, secs(0.06), 0.001, 0.012), 500.0, 0.7, "lp")
    add_into(x, thud, s0, 0.8)
    # a faint scuff of the sole a moment later
    scuff = svf(noise_hit(rng, secs(0.05), 0.006, 0.012), 1500.0, 0.8, "bp")
    add_into(x, scuff, secs(0.03 + 0.02 * rng.random()), 0.25)
    x = lp1(x, 5000.0)
    return finish_effect(x, 0.03)


def step_stone(seed, pitch, length):
    rng = random.Random(seed)
    n = secs(length)
    x = zeros(n)
    toe = 0.03 + 0.02 * rng.random()
    for t0, amp in ((0.002, 1.0), (toe, 0.35 + 0.15 * rng.random())):
        s = secs(t0)
        click = svf(noise_hit(rng, secs(0.04), 0.0003, 0.005), 2600.0 * pitch, 0.7, "hp")
        add_into(x, click, s, amp)
        tap = svf(noise_hit(rng, secs(0.05), 0.0005, 0.009), 1250.0 * pitch, 1.4, "bp")
        add_into(x, tap, s, 0.7 * amp)
        add_damped(x, s, 150.0 * pitch, 0.016, 0.55 * amp)
        add_damped(x, s, 330.0 * pitch * (0.97 + 0.06 * rng.random()), 0.009, 0.3 * amp)
    # fine grit under the sole
    grit = mul(noise_hit(rng, secs(0.07), 0.01, 0.02), crackle(rng, secs(0.07), 200.0, 0.0))
    grit = svf(grit, 3800.0, 0.7, "hp")
    add_into(x, grit, secs(0.008), 0.18)
    x = svf(x, 6500.0, 0.7, "lp")
    return finish_effect(x, 0.02)


def armour_clank(seed, base, length):
    rng = random.Random(seed)
    n = secs(length)
    x = zeros(n)
    parts = armour_partials(rng, base)
    t = 0.002
    for i in range(2 + int(rng.random() * 2.0)):
        metal_hit(x, secs(t), rng, parts, (1.0, 0.55, 0.35, 0.2)[i])
        t += 0.014 + 0.022 * rng.random()
    x = lp1(x, 8000.0)
    return finish_effect(x, 0.03)


def rung_grab(seed, pitch, length):
    rng = random.Random(seed)
    n = secs(length)
    x = zeros(n)
    s0 = secs(0.002)
    for f, a, tau in ((148.0, 1.0, 0.04), (226.0, 0.6, 0.03), (301.0, 0.35, 0.022), (472.0, 0.15, 0.012)):
        add_damped(x, s0, f * pitch * (1.0 + 0.02 * (2.0 * rng.random() - 1.0)), tau, a)
    thud = svf(noise_hit(rng, secs(0.08), 0.002, 0.015), 700.0, 0.7, "lp")
    add_into(x, thud, s0, 1.0)
    x = svf(x, 1800.0, 0.7, "lp")  # a glove muffles the knock
    metal = zeros(n)
    parts = [(3150.0 * pitch, 1.0, 0.03), (4730.0 * pitch, 0.6, 0.022)]
    metal_hit(metal, secs(0.012 + 0.01 * rng.random()), rng, parts, 0.12)
    add_into(x, metal)
    return finish_effect(x, 0.03)


def jump():
    rng = random.Random(501)
    n = secs(0.32)
    ta = 0.07
    env = []
    for i in range(n):
        u = i / SR / ta
        env.append(u * u * dexp(2.0 * (1.0 - u)))
    sweep = [350.0 * dexp(LN2 * 2.3 * min(1.0, i / secs(0.26))) for i in range(n)]
    src = noise(rng, n)
    body = svf(svf(src, sweep, 1.6, "bp"), sweep, 1.6, "bp")
    air = svf(svf(src, [2.2 * f for f in sweep], 1.2, "bp"), [2.2 * f for f in sweep], 1.2, "bp")
    x = [e * (b + 0.35 * a) for e, b, a in zip(env, body, air)]
    add_damped(x, secs(0.004), 95.0, 0.03, 0.25)  # the push-off
    parts = armour_partials(rng, 2400.0)
    for t, g in ((0.012, 0.14), (0.034, 0.1), (0.06, 0.07)):
        metal_hit(x, secs(t), rng, parts, g)
    return finish_effect(x, 0.03)


def land():
    rng = random.Random(601)
    n = secs(0.4)
    x = mul(osc(glide(n, 105.0, 58.0, 0.04)), ad_env(n, 0.002, 0.085))
    impact = svf(noise_hit(rng, n, 0.001, 0.045), 900.0, 0.7, "lp")
    add_into(x, impact, 0, 0.9)
    crunch = mul(noise_hit(rng, secs(0.15), 0.002, 0.03), crackle(rng, secs(0.15), 250.0))
    crunch = svf(crunch, 2200.0, 1.0, "bp")
    add_into(x, crunch, secs(0.002), 0.45)
    metal = zeros(n)
    parts = []
    for f in (1480.0, 2130.0, 2790.0, 3460.0, 4180.0, 4950.0, 5720.0):
        f *= 1.0 + 0.03 * (2.0 * rng.random() - 1.0)
        parts.append((f, 0.5 + 0.5 * rng.random(), (0.04 + 0.1 * rng.random()) * 1500.0 / f + 0.03))
    for t, g in ((0.003, 1.0), (0.019, 0.6), (0.043, 0.45), (0.072, 0.3), (0.11, 0.18), (0.16, 0.1)):
        metal_hit(metal, secs(t), rng, parts, g)
    metal = lp1(metal, 7000.0)
    add_into(x, metal, 0, 0.16)
    return finish_effect(x, 0.05)


# --- Combat. Frequencies in Hz, times and decay constants (tau) in s.


def bump(n, peak_at):
    """A 0 -> 1 -> 0 raised-cosine bump over n samples, peaking at the
    fraction peak_at of its length (the shape of a swing's pass)."""
    na = max(1, int(n * peak_at))
    nb = n - na
    up = [0.5 - 0.5 * dcos(PI * i / na) for i in range(na)]
    return up + [0.5 + 0.5 * dcos(PI * i / nb) for i in range(nb)]


def whoosh(rng, n, f_lo, octaves, peak_at, q):
    """A blade cutting air: noise through a 4th-order band-pass whose centre
    rises from f_lo by `octaves` and falls back as the blade passes, a fainter
    "air" band 2.4x higher, and a narrow band (Q 9) for the edge's whistle.
    Loudness follows the pass (bump^1.5)."""
    b = bump(n, peak_at)
    fc = [f_lo * dexp(LN2 * octaves * v) for v in b]
    air_fc = [2.4 * f for f in fc]
    src = noise(rng, n)
    body = svf(svf(src, fc, q, "bp"), fc, q, "bp")
    air = svf(svf(src, air_fc, 1.3, "bp"), air_fc, 1.3, "bp")
    edge = svf(noise(rng, n), [1.6 * f for f in fc], 9.0, "bp")
    return [v * math.sqrt(v) * (s + 0.35 * a + 0.6 * e) for v, s, a, e in zip(b, body, air, edge)]


def sword_swing(seed, f_lo, octaves, length, peak_at):
    """A quick sword swing: a whoosh peaking at f_lo * 2^octaves (about 2 kHz)."""
    rng = random.Random(seed)
    x = whoosh(rng, secs(length), f_lo, octaves, peak_at, 1.8)
    return finish_effect(x, 0.03)


def sword_swing_heavy():
    """A heavy overhead blow: a slower, deeper whoosh (170 Hz up to about
    0.8 kHz) over a low-passed rush of air (300 Hz) that follows it."""
    rng = random.Random(1111)
    n = secs(0.45)
    x = whoosh(rng, n, 170.0, 2.25, 0.55, 1.5)
    b = bump(n, 0.55)
    rush = svf(svf(noise(rng, n), 300.0, 0.7, "lp"), 300.0, 0.7, "lp")
    x = [v + 0.9 * w * w * r for v, w, r in zip(x, b, rush)]
    return finish_effect(x, 0.04)


def sword_hit(seed, base, length):
    """A blade striking plate armour. The clang: seven inharmonic partials
    (ratios 1 : 1.47 : 2.09 : ... : 5.18 of `base`, jittered by up to 2 %), each a
    pair 7 cents apart that beats, decaying in 30-130 ms. The strike: a 3 kHz
    high-passed click (4 ms). The thud of the body behind the plate: a sine
    gliding 140 -> 80 Hz (50 ms) and 500 Hz low-passed noise (20 ms)."""
    rng = random.Random(seed)
    n = secs(length)
    x = zeros(n)
    s0 = secs(0.002)
    for r, a, tau in ((1.0, 1.0, 0.13), (1.47, 0.8, 0.11), (2.09, 0.65, 0.085), (2.56, 0.5, 0.07),
                      (3.39, 0.4, 0.05), (4.21, 0.28, 0.04), (5.18, 0.18, 0.03)):
        f = base * r * (1.0 + 0.02 * (2.0 * rng.random() - 1.0))
        if f * 1.0041 < 8500.0:
            g = a * (0.7 + 0.3 * rng.random())
            add_damped(x, s0, f, tau, g)
            add_damped(x, s0, f * 1.0041, tau, 0.5 * g)
    click = svf(noise_hit(rng, secs(0.03), 0.0002, 0.004), 3000.0, 0.7, "hp")
    add_into(x, click, s0, 1.2)
    thump = mul(osc(glide(n, 140.0, 80.0, 0.03)), ad_env(n, 0.002, 0.05))
    add_into(x, thump, s0, 1.4)
    thud = svf(noise_hit(rng, secs(0.12), 0.001, 0.02), 500.0, 0.7, "lp")
    add_into(x, thud, s0, 2.0)
    x = lp1(x, 8000.0)
    return finish_effect(x, 0.05)


def shield_block(seed, pitch, length):
    """A blade stopped by a wooden shield with a metal rim. The knock: seven
    low modes of a wooden board (150-1180 Hz, 8-50 ms), a 1.7 kHz band-passed
    click and a 400 Hz low-passed thud, dulled by a 3 kHz low-pass. The rim's
    short ring: four partials from 1.65 kHz (ratios 1 : 1.58 : 2.31 : 3.04,
    35-90 ms)."""
    rng = random.Random(seed)
    n = secs(length)
    x = zeros(n)
    s0 = secs(0.002)
    for f, a, tau in ((150.0, 1.0, 0.05), (215.0, 0.9, 0.045), (290.0, 0.8, 0.038), (370.0, 0.7, 0.03),
                      (540.0, 0.55, 0.02), (810.0, 0.4, 0.013), (1180.0, 0.25, 0.008)):
        f *= pitch * (1.0 + 0.03 * (2.0 * rng.random() - 1.0))
        add_damped(x, s0, f, tau, 2.0 * a * (0.8 + 0.4 * rng.random()))
    click = svf(noise_hit(rng, secs(0.03), 0.0004, 0.004), 1700.0 * pitch, 1.0, "bp")
    add_into(x, click, s0, 3.0)
    thud = svf(noise_hit(rng, secs(0.1), 0.001, 0.02), 400.0, 0.7, "lp")
    add_into(x, thud, s0, 1.0)
    x = svf(x, 3000.0, 0.7, "lp")
    ring = zeros(n)
    for r, a, tau in ((1.0, 1.0, 0.09), (1.58, 0.7, 0.07), (2.31, 0.5, 0.05), (3.04, 0.3, 0.035)):
        f = 1650.0 * pitch * r * (1.0 + 0.02 * (2.0 * rng.random() - 1.0))
        add_damped(ring, s0 + secs(0.001), f, tau, a)
    add_into(x, ring, 0, 0.6)
    return finish_effect(x, 0.04)


def hurt():
    """Being struck. A low thump (a sine gliding 95 -> 55 Hz, 60 ms, and
    450 Hz low-passed noise) under an armour rattle: three bursts of 3-5
    small plate clicks (partials from 2.6 kHz) 6-18 ms apart, each burst
    quieter than the last."""
    rng = random.Random(1401)
    n = secs(0.4)
    x = mul(osc(glide(n, 95.0, 55.0, 0.03)), ad_env(n, 0.002, 0.06))
    thud = svf(noise_hit(rng, secs(0.15), 0.001, 0.025), 450.0, 0.7, "lp")
    add_into(x, thud, 0, 1.2)
    metal = zeros(n)
    parts = armour_partials(rng, 2600.0, 0.06)
    t = 0.004
    for g in (1.0, 0.6, 0.35):
        for _ in range(3 + int(rng.random() * 3.0)):
            metal_hit(metal, secs(t), rng, parts, g * (0.6 + 0.4 * rng.random()))
            t += 0.006 + 0.012 * rng.random()
        t += 0.03 + 0.03 * rng.random()
    metal = lp1(metal, 8000.0)
    add_into(x, metal, 0, 0.5)
    return finish_effect(x, 0.05)


def knockdown():
    """A body in armour hitting the ground. The thud: a sine gliding
    85 -> 40 Hz (130 ms) and 600 Hz low-passed noise, then a smaller second
    thud 90 ms later (the limbs and helmet). The crash: plates of two sizes
    (big: seven partials 1.25-5.2 kHz; small: armour partials from 2.9 kHz)
    struck by a shower of ticks that thins out and dies away (160 ms) over
    0.6 s, a last clink at 0.66 s, and a 3 kHz high-passed crunch."""
    rng = random.Random(1501)
    n = secs(0.8)
    x = mul(osc(glide(n, 85.0, 40.0, 0.06)), ad_env(n, 0.002, 0.13))
    add_into(x, svf(noise_hit(rng, secs(0.3), 0.001, 0.05), 600.0, 0.7, "lp"), 0, 1.0)
    s2 = secs(0.09)
    second = mul(osc(glide(n - s2, 110.0, 60.0, 0.03)), ad_env(n - s2, 0.002, 0.05))
    add_into(x, second, s2, 0.45)
    add_into(x, svf(noise_hit(rng, secs(0.15), 0.001, 0.025), 800.0, 0.7, "lp"), s2, 0.45)
    big = []
    for f in (1250.0, 1790.0, 2380.0, 3010.0, 3720.0, 4460.0, 5240.0):
        f *= 1.0 + 0.03 * (2.0 * rng.random() - 1.0)
        big.append((f, 0.5 + 0.5 * rng.random(), (0.05 + 0.1 * rng.random()) * 1500.0 / f + 0.03))
    small = armour_partials(rng, 2900.0)
    metal = zeros(n)
    t = 0.003
    while t < 0.6:
        g = dexp(-t / 0.16) * (0.6 + 0.4 * rng.random())
        metal_hit(metal, secs(t), rng, big if rng.random() < 0.5 else small, g)
        t += 0.006 + 0.05 * rng.random() * (0.3 + t / 0.3)  # sparser as the plates settle
    metal_hit(metal, secs(0.66), rng, small, 0.2)
    crunch = mul(noise_hit(rng, secs(0.2), 0.002, 0.05), crackle(rng, secs(0.2), 300.0, 0.2, 0.15))
    add_into(metal, svf(crunch, 3000.0, 0.7, "hp"), secs(0.003), 0.5)
    metal = lp1(metal, 7000.0)
    add_into(x, metal, 0, 0.3)
    return finish_effect(x, 0.08)


def bell_note(dst, start, f, gain, rng, decay=1.0):
    """A struck bell at f Hz: six partials; decay scales their decay times."""
    for ratio, a, tau in ((1.0, 1.0, 0.42), (1.0017, 0.3, 0.42), (2.0, 0.42, 0.26),
                          (3.0, 0.12, 0.16), (4.16, 0.16, 0.1), (5.43, 0.07, 0.06)):
        if f * ratio < 8500.0:
            add_damped(dst, start, f * ratio, tau * decay, gain * a)
    tick = svf(noise_hit(rng, secs(0.01), 0.0004, 0.0015), 5000.0, 1.0, "bp")
    add_into(dst, tick, start, 0.08 * gain)


def checkpoint():
    rng = random.Random(701)
    n = secs(1.3)
    x = zeros(n)
    d5 = 587.33
    # D5 F#5 A5 D6; every partial starts at sine phase 0, so no onset click
    for t, semi, g in ((0.0, 0, 0.85), (0.085, 4, 0.85), (0.17, 7, 0.9), (0.28, 12, 1.0)):
        bell_note(x, secs(0.002 + t), d5 * semis(semi), g, rng)
    x = reverb(x, room=0.78, damp=0.4, wet=0.3)
    return finish_effect(x, 0.3)


_SAW = {}


def saw_table(nharm):
    """One cycle of a band-limited sawtooth-like tone (harmonics 1..nharm)."""
    tab = _SAW.get(nharm)
    if tab is None:
        tab = [0.0] * (TABN + 1)
        for h in range(1, nharm + 1):
            a = 1.0 / h
            for i in range(TABN + 1):
                tab[i] += a * SIN_TAB[(i * h) % TABN]
        _SAW[nharm] = tab
    return tab


def brass_note(f0, dur, release, rng, swell=0.0, detune_cents=0.0):
    """Additive brass: band-limited saw, amplitude envelope with a slight
    overshoot, a filter that opens with loudness, a scoop and vibrato."""
    f0 *= dexp(detune_cents * LN2 / 1200.0)
    n = secs(dur + 6.0 * release)
    tab = saw_table(max(1, min(40, int(7800.0 / f0))))
    vib_rate = 5.3 + 0.4 * rng.random()
    vib_ph = rng.random()
    na = secs(0.04)
    k_over = dexp(-1.0 / (0.09 * SR))
    k_rel = dexp(-1.0 / (release * SR))
    nd = secs(dur)
    out = []
    env = []
    ph = 0.0
    over = 0.18
    rel = 1.0
    inv = 1.0 / SR
    att = rise(na)
    for i in range(n):
        t = i * inv
        # amplitude: rise, overshoot settling, optional crescendo, release
        a = att[i] if i < na else 1.0
        a *= 1.0 + over
        over *= k_over
        if swell:
            a *= 1.0 - swell + swell * min(1.0, t / max(dur, 1e-3))
        if i >= nd:
            rel *= k_rel
        a *= rel
        env.append(a)
        # pitch: a 25-cent scoop into the note, then delayed vibrato
        depth = 0.0 if t < 0.15 else min(1.0, (t - 0.15) / 0.35) * 0.0045
        fm = 1.0 - 0.0145 * dexp(-t / 0.018) if t < 0.2 else 1.0
        f = f0 * fm * (1.0 + depth * table_sin(vib_rate * t + vib_ph))
        idx = ph * TABN
        j = int(idx)
        s = tab[j]
        out.append(a * (s + (tab[j + 1] - s) * (idx - j)))
        ph += f * inv
        if ph >= 1.0:
            ph -= 1.0
    cut = [min(8000.0, f0 * (1.2 + 6.5 * e)) for e in env]
    return svf(out, cut, 0.9, "lp")


def level_complete():
    rng = random.Random(801)
    n = secs(3.0)
    x = zeros(n)
    d4 = 293.66
    # (start s, semitones above D4, held s, gain)
    notes = ((0.0, 7, 0.12, 0.75), (0.16, 7, 0.12, 0.75), (0.32, 7, 0.12, 0.8),
             (0.48, 12, 0.36, 1.0), (0.9, 14, 0.13, 0.8), (1.08, 16, 0.28, 0.9))
    for t, semi, dur, g in notes:
        add_into(x, brass_note(d4 * semis(semi), dur, 0.05, rng), secs(t), g)
    # the held tonic chord: D3 D4 F#4 A4 D5 F#5, voices a few cents apart
    chord = ((-12, 0.5, 0.0), (0, 0.42, 3.0), (4, 0.36, -4.0), (7, 0.36, 2.0), (12, 0.42, -2.0),
             (16, 0.5, 1.0))
    for semi, g, cents in chord:
        start = 1.48 + 0.012 * rng.random()
        add_into(x, brass_note(d4 * semis(semi), 0.95, 0.22, rng, swell=0.25, detune_cents=cents),
                 secs(start), g)
    x = reverb(x, room=0.82, damp=0.35, wet=0.35)
    return finish_effect(x, 0.35)


def enemy_notice():
    """An enemy has seen you: a low two-note brass sting, D3 then the
    tritone above (G#3), each doubled an octave below, with a soft 65 Hz
    drum (90 ms) under the accented second note. Light reverb."""
    rng = random.Random(1601)
    n = secs(0.5)
    x = zeros(n)
    d3 = 146.83
    # (start s, semitones above D3, held s, gain)
    for t, semi, dur, g in ((0.0, 0, 0.07, 0.7), (0.11, 6, 0.2, 1.0)):
        add_into(x, brass_note(d3 * semis(semi), dur, 0.05, rng), secs(t), g)
        add_into(x, brass_note(d3 * semis(semi - 12), dur, 0.05, rng, detune_cents=3.0), secs(t), 0.6 * g)
    add_damped(x, secs(0.11), 65.0, 0.09, 0.5)
    x = reverb(x, room=0.7, damp=0.45, wet=0.2)
    return finish_effect(x, 0.08)


def pickup():
    """A collectible picked up: a bright rising chime, D6 F#6 A6, 60 ms
    apart: bell partials with decays shortened to 0.45x. Light reverb."""
    rng = random.Random(1701)
    n = secs(0.45)
    x = zeros(n)
    d6 = 1174.66
    for t, semi, g in ((0.0, 0, 0.7), (0.06, 4, 0.8), (0.12, 7, 1.0)):
        bell_note(x, secs(0.002 + t), d6 * semis(semi), g, rng, decay=0.45)
    x = reverb(x, room=0.7, damp=0.4, wet=0.18)
    return finish_effect(x, 0.12)


def medal():
    """A medal earned: a brass fanfare arpeggio, D4 F#4 A4 (80 ms each,
    100 ms apart) up to a held D5 over a swelling D major chord (D3 D4 F#4
    A4, voices a few cents apart), with D6 and A6 bells glinting on top as
    the chord lands. Reverb, then a 0.3 s fade."""
    rng = random.Random(1801)
    n = secs(1.2)
    x = zeros(n)
    d4 = 293.66
    # (start s, semitones above D4, held s, release tau s, gain)
    for t, semi, dur, rel, g in ((0.0, 0, 0.08, 0.04, 0.7), (0.1, 4, 0.08, 0.04, 0.75),
                                 (0.2, 7, 0.08, 0.04, 0.8), (0.3, 12, 0.5, 0.15, 1.0)):
        add_into(x, brass_note(d4 * semis(semi), dur, rel, rng), secs(t), g)
    for semi, g, cents in ((-12, 0.4, 0.0), (0, 0.35, 3.0), (4, 0.3, -3.0), (7, 0.3, 2.0)):
        note = brass_note(d4 * semis(semi), 0.5, 0.15, rng, swell=0.3, detune_cents=cents)
        add_into(x, note, secs(0.3 + 0.01 * rng.random()), g)
    bell_note(x, secs(0.3), 4.0 * d4, 0.25, rng, decay=0.8)
    bell_note(x, secs(0.36), 4.0 * d4 * semis(7), 0.2, rng, decay=0.8)
    x = reverb(x, room=0.8, damp=0.35, wet=0.3)
    return finish_effect(x, 0.3)


def ambient_wind():
    rng = random.Random(901)
    length = 12.0
    n = secs(length)

    def lfo(terms):
        """A smooth periodic curve: sum of a*sin(2 pi (k t / length + phase)),
        k whole cycles per loop, evaluated every 60 samples and interpolated."""
        blk = 60
        pts = []
        for b in range(n // blk + 1):
            c = b * blk / n
            pts.append(sum(a * table_sin(k * c + p) for k, a, p in terms))
        out = []
        for b in range(n // blk):
            p0 = pts[b]
            d = (pts[b + 1] - p0) / blk
            out.extend(p0 + d * j for j in range(blk))
        return out

    gust = lfo([(1, 0.16, rng.random()), (2, 0.09, rng.random()), (3, 0.05, rng.random()),
                (5, 0.03, rng.random())])
    gust = [0.62 + g for g in gust]  # about 0.35 .. 0.95
    tone = lfo([(2, 0.5, rng.random()), (3, 0.3, rng.random()), (7, 0.2, rng.random())])
    src = noise(rng, n)
    src2 = noise(rng, n)
    body_fc = [260.0 + 620.0 * (g - 0.3) + 60.0 * t for g, t in zip(gust, tone)]
    body = circular(svf, src, body_fc, 0.8, "bp")
    body = circular(svf, body, [2.2 * f for f in body_fc], 0.6, "lp")  # darker skirts
    whistle_fc = [700.0 + 500.0 * (g - 0.3) + 120.0 * t for g, t in zip(gust, tone)]
    whistle = circular(svf, src2, whistle_fc, 7.0, "bp")
    rumble = circular(svf, src2, 140.0, 0.7, "lp")
    hiss = circular(svf, circular(svf, src, 2500.0, 0.7, "hp"), 6000.0, 0.7, "lp")
    x = [g * b + 0.22 * g * g * w + 0.5 * r * (0.5 + 0.5 * g) + 0.05 * g * g * g * h
         for g, b, w, r, h in zip(gust, body, whistle, rumble, hiss)]
    # birds: groups of 2-4 chirps at fixed times; each group one "bird"
    birds = zeros(n)
    groups = ((1.35, 3), (4.7, 2), (7.4, 4), (10.1, 2))
    for t0, count in groups:
        kind = int(rng.random() * 3.0)
        base = 2600.0 + 1400.0 * rng.random()
        t = t0
        for _ in range(count):
            dur = 0.05 + 0.05 * rng.random()
            m = secs(dur)
            if kind == 0:    # rising tweet
                freqs = [base * (0.85 + 0.4 * (i / m) * (i / m)) for i in range(m)]
            elif kind == 1:  # falling tseep
                freqs = [base * (1.3 - 0.4 * i / m) for i in range(m)]
            else:            # warbled chip
                freqs = [base * (1.0 + 0.06 * table_sin(32.0 * i / SR)) for i in range(m)]
            freqs = [min(5000.0, max(2000.0, f)) for f in freqs]
            chirp = mul(osc(freqs), hann(m))
            add_into(birds, chirp, secs(t), 0.12 + 0.06 * rng.random(), wrap=True)
            t += dur + 0.06 + 0.09 * rng.random()
    x = [a + b for a, b in zip(x, birds)]
    return finish_loop(x)


def ks_pluck(f, dur, t60, bright, rng):
    """Karplus-Strong plucked string, tuned with a first-order allpass.
    bright 0..1 sets the excitation's low-pass (the pluck's hardness)."""
    p = SR / f
    s = 0.5                       # two-point average: 0.5 samples of delay
    d_int = int(p - s - 0.1)
    frac = p - s - d_int          # 0.1 .. 1.1
    c_ap = (1.0 - frac) / (1.0 + frac)
    g = dexp(-6.907755278982137 / (t60 * f))  # -60 dB after t60 s
    n = secs(dur)
    ex = noise(rng, d_int)
    ex = svf(ex, 1200.0 + 3300.0 * bright, 0.6, "lp")
    m = sum(ex) / len(ex)
    ex = [v - m for v in ex]
    pos = max(1, int(0.22 * d_int))  # plucked near the bridge
    ex = [ex[i] - 0.7 * (ex[i - pos] if i >= pos else 0.0) for i in range(d_int)]
    y = [0.0] * (n + d_int + 1)
    o = d_int + 1
    y[o:o + d_int] = ex
    ax = ay = 0.0
    for i in range(o, o + n):
        u = g * 0.5 * (y[i - d_int] + y[i - d_int - 1])
        v = c_ap * u + ax - c_ap * ay
        ax = u
        ay = v
        y[i] += v
    out = y[o:o + n]
    fade(out, 0.002, 0.08)
    return out


def music_loop():
    rng = random.Random(1001)
    n = secs(16.0)                # 4 bars of 4/4 at 60 bpm
    k_d2 = 1175                   # drone cycles per loop: D2 = 73.4375 Hz
    d4 = 4.0 * k_d2 / 16.0        # the melody's tuning follows the drone
    # melody: (beat, semitones from D4, velocity); D dorian
    melody = ((0.0, 12, 1.0), (1.0, 7, 0.8), (2.0, 3, 0.75), (2.5, 5, 0.7), (3.0, 7, 0.85),
              (4.0, 5, 0.9), (5.5, 3, 0.7), (6.0, 2, 0.8), (7.0, 5, 0.75),
              (8.0, 9, 0.9), (9.5, 7, 0.7), (10.0, 5, 0.8), (11.0, 0, 0.75),
              (12.0, 2, 0.85), (13.0, 7, 0.75), (14.0, 5, 0.7), (14.5, 7, 0.7), (15.0, 10, 0.8))
    # bass plucks: Dm | C | G | Am
    bass = ((0.0, -12, 0.9), (2.0, -5, 0.6), (4.0, -14, 0.85), (6.0, -7, 0.6),
            (8.0, -19, 0.85), (10.0, -12, 0.6), (12.0, -17, 0.85), (14.0, -10, 0.6))
    # a soft chord tone under the melody on each bar's third beat
    inner = ((2.0, -9, 0.4), (6.0, -2, 0.4), (10.0, -3, 0.4), (14.0, -2, 0.4))
    plucks = zeros(n)
    for notes, t60, dur, bright, gain in ((melody, 2.2, 2.6, 0.55, 1.0), (bass, 3.2, 3.6, 0.35, 0.75),
                                          (inner, 2.0, 2.4, 0.3, 0.45)):
        for beat, semi, vel in notes:
            jitter = 0.012 * (2.0 * rng.random() - 1.0) if beat > 0.0 else 0.0
            start = secs(beat + 0.004 + jitter)
            note = ks_pluck(d4 * semis(semi), dur, t60, bright * vel, rng)
            add_into(plucks, note, start, gain * vel, wrap=True)
    # the lute's body: two soft resonances and a gentle top cut
    plucks = [v + 0.5 * a + 0.3 * b for v, a, b in
              zip(plucks, circular(svf, plucks, 280.0, 1.5, "bp"), circular(svf, plucks, 470.0, 2.0, "bp"))]
    plucks = circular(svf, plucks, 4500.0, 0.6, "lp")
    # drone: D2 and A2 (1762 cycles: a fifth beating once per loop), reedy
    # wavetable, whole cycles per loop so the phase is exact at the seam
    tab = [0.0] * (TABN + 1)
    for h, a in ((1, 1.0), (2, 0.5), (3, 0.35), (4, 0.22), (5, 0.13), (6, 0.08), (7, 0.05), (8, 0.03)):
        for i in range(TABN + 1):
            tab[i] += a * SIN_TAB[(i * h) % TABN]
    drone = zeros(n)
    step = TABN / n
    for k, amp in ((k_d2, 0.55), (1762, 0.38)):
        for i in range(n):
            idx = ((i * k) % n) * step
            j = int(idx)
            s = tab[j]
            drone[i] += amp * (s + (tab[j + 1] - s) * (idx - j))
    swell = [0.78 + 0.16 * table_sin(i / n + 0.1) + 0.06 * table_sin(4.0 * i / n) for i in range(n)]
    drone = circular(lp1, mul(drone, swell), 700.0)
    peak_p = max(max(plucks), -min(plucks))
    peak_d = max(max(drone), -min(drone))
    x = [p / peak_p + 0.16 * d / peak_d for p, d in zip(plucks, drone)]
    x = circular(reverb, x, 0.84, 0.4, 0.35)
    return finish_loop(x)


# ---------------------------------------------------------------------------

def catalogue():
    """name -> zero-argument builder. Seeds and variations are fixed here."""
    c = {}
    for v, (seed, pitch, length) in enumerate(((101, 1.0, 0.2), (102, 0.93, 0.22), (103, 1.07, 0.19)), 1):
        c["step_grass_%d" % v] = (lambda a=seed, b=pitch, d=length: step_grass(a, b, d))
    for v, (seed, pitch, length) in enumerate(((201, 1.0, 0.22), (202, 0.94, 0.24), (203, 1.06, 0.2)), 1):
        c["step_wood_%d" % v] = (lambda a=seed, b=pitch, d=length: step_wood(a, b, d))
    for v, (seed, pitch, length) in enumerate(((301, 1.0, 0.14), (302, 0.92, 0.15), (303, 1.08, 0.13)), 1):
        c["step_stone_%d" % v] = (lambda a=seed, b=pitch, d=length: step_stone(a, b, d))
    for v, (seed, base, length) in enumerate(((401, 2350.0, 0.15), (402, 2180.0, 0.16), (403, 2520.0, 0.14)), 1):
        c["armour_clank_%d" % v] = (lambda a=seed, b=base, d=length: armour_clank(a, b, d))
    for v, (seed, pitch, length) in enumerate(((451, 1.0, 0.15), (452, 0.9, 0.16)), 1):
        c["rung_grab_%d" % v] = (lambda a=seed, b=pitch, d=length: rung_grab(a, b, d))
    c["jump"] = jump
    c["land"] = land
    # (seed, lowest centre Hz, octaves of rise, length s, where the peak falls)
    for v, (seed, f_lo, octv, length, peak_at) in enumerate(((1101, 420.0, 2.3, 0.28, 0.4),
                                                             (1102, 380.0, 2.45, 0.32, 0.45),
                                                             (1103, 470.0, 2.15, 0.26, 0.36)), 1):
        c["sword_swing_%d" % v] = (lambda a=seed, b=f_lo, o=octv, d=length, p=peak_at:
                                   sword_swing(a, b, o, d, p))
    c["sword_swing_heavy"] = sword_swing_heavy
    for v, (seed, base, length) in enumerate(((1201, 1180.0, 0.4), (1202, 1290.0, 0.38)), 1):
        c["sword_hit_%d" % v] = (lambda a=seed, b=base, d=length: sword_hit(a, b, d))
    for v, (seed, pitch, length) in enumerate(((1301, 1.0, 0.35), (1302, 0.92, 0.36)), 1):
        c["shield_block_%d" % v] = (lambda a=seed, b=pitch, d=length: shield_block(a, b, d))
    c["hurt"] = hurt
    c["knockdown"] = knockdown
    c["checkpoint"] = checkpoint
    c["level_complete"] = level_complete
    c["enemy_notice"] = enemy_notice
    c["pickup"] = pickup
    c["medal"] = medal
    c["ambient_wind_loop"] = ambient_wind
    c["music_loop"] = music_loop
    return c


def db(v):
    return 20.0 * math.log10(v) if v > 0 else float("-inf")


def main(argv=None):
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(repo, "assets", "sounds"),
                    help="output folder (default: <repo>/assets/sounds)")
    ap.add_argument("--only", nargs="*", default=None, help="build only these names (no .wav)")
    ap.add_argument("--stats", action="store_true", help="print duration, peak and RMS of each file")
    args = ap.parse_args(argv)
    cat = catalogue()
    names = list(cat) if args.only is None else args.only
    for name in names:
        if name not in cat:
            ap.error("unknown sound %r (known: %s)" % (name, ", ".join(cat)))
    os.makedirs(args.out, exist_ok=True)
    t_all = time.perf_counter()
    for name in names:
        t = time.perf_counter()
        x, capped = level(name, cat[name]())
        ints = write_wav(os.path.join(args.out, name + ".wav"), x)
        if args.stats:
            peak = max(abs(v) for v in ints) / 32768.0
            rms = math.sqrt(sum(v * v for v in ints) / len(ints)) / 32768.0
            y = [v / 32767.0 for v in ints]
            measured = momentary_mean_square(y) if bus_of(name) == "effects" else integrated_mean_square(y)
            print("%-22s %-8s %6.3f s  peak %5.1f dBFS  rms %5.1f dBFS  %s %5.1f LUFS (target %5.1f%s)  (%.2f s)"
                  % (name + ".wav", bus_of(name), len(ints) / SR, db(peak), db(rms),
                     "momentary " if bus_of(name) == "effects" else "integrated", lufs(measured), target_lufs(name),
                     ", capped" if capped else "", time.perf_counter() - t))
    print("wrote %d sounds to %s in %.1f s" % (len(names), args.out, time.perf_counter() - t_all))
    return 0


if __name__ == "__main__":
    sys.exit(main())
