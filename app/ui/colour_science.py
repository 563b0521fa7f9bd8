"""Colour difference and colour-vision-deficiency simulation for the role palettes (no Qt).

- sRGB (IEC 61966-2-1) to CIE XYZ (D65) to CIELAB, with the D65 white point.
- CIEDE2000 colour difference (CIE 142-2001; formulas as in Sharma, Wu and Dalal, "The CIEDE2000
  Color-Difference Formula: Implementation Notes, Supplementary Test Data, and Mathematical Observations",
  Color Research and Application 30(1), 2005, whose test pairs the tests use).
- Dichromacy simulation by the model of Machado, Oliveira and Fernandes, "A Physiologically-based Model for
  Simulation of Color Vision Deficiency", IEEE TVCG 15(6), 2009: a 3x3 matrix applied to linear RGB; the
  matrices below are the published ones for severity 1.0 (protanopia, deuteranopia, tritanopia).

>>> round(delta_e_2000((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485)), 4)
2.0425
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = [
    "MACHADO_2009",
    "VISIONS",
    "contrast_ratio",
    "delta_e_2000",
    "hex_delta_e",
    "hex_to_lab",
    "relative_luminance",
    "simulate",
]

Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

#: Machado et al. (2009), severity 1.0, for linear RGB.
MACHADO_2009: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}

#: The kinds of vision the palettes are measured under ("normal" and the three dichromacies).
VISIONS = ("normal", *MACHADO_2009)

_WHITE = (0.95047, 1.0, 1.08883)  # D65, Y = 1


def _to_linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _to_gamma(v: float) -> float:
    v = min(1.0, max(0.0, v))
    return 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def relative_luminance(colour: str) -> float:
    """Return the WCAG 2 relative luminance of the sRGB colour ``#RRGGBB`` (0 black, 1 white)."""
    r, g, b = (_to_linear(v) for v in _hex_to_rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    """Return the WCAG 2 contrast ratio of two colours, from 1 to 21 (text needs 4.5, AA).

    >>> round(contrast_ratio("#000000", "#ffffff"), 1)
    21.0
    >>> round(contrast_ratio("#B86E00", "#efefef"), 2)
    3.47
    """
    hi, lo = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _hex_to_rgb(colour: str) -> tuple[float, float, float]:
    c = colour.lstrip("#")
    return int(c[0:2], 16) / 255, int(c[2:4], 16) / 255, int(c[4:6], 16) / 255


def simulate(colour: str, vision: str) -> str:
    """Return *colour* (#RRGGBB) as a person with *vision* (one of VISIONS) sees it, as #RRGGBB.

    >>> simulate("#ff0000", "normal")
    '#ff0000'
    >>> simulate("#ff0000", "protanopia")
    '#6d5f00'
    """
    if vision == "normal":
        return colour.lower()
    m = MACHADO_2009[vision]
    lin = [_to_linear(v) for v in _hex_to_rgb(colour)]
    out = [sum(m[i][j] * lin[j] for j in range(3)) for i in range(3)]
    return "#" + "".join(f"{round(_to_gamma(v) * 255):02x}" for v in out)


def hex_to_lab(colour: str) -> tuple[float, float, float]:
    """Return the CIELAB (D65) coordinates of sRGB *colour*."""
    r, g, b = (_to_linear(v) for v in _hex_to_rgb(colour))
    x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x / _WHITE[0]), f(y / _WHITE[1]), f(z / _WHITE[2])
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e_2000(lab1: Sequence[float], lab2: Sequence[float]) -> float:
    """Return the CIEDE2000 difference of two CIELAB colours (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    c_mean = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    dh_big = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean = (l1 + l2) / 2
    cp_mean = (c1p + c2p) / 2
    if c1p * c2p == 0:
        hp_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hp_mean = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hp_mean = (h1p + h2p + 360) / 2
    else:
        hp_mean = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hp_mean - 30))
        + 0.24 * math.cos(math.radians(2 * hp_mean))
        + 0.32 * math.cos(math.radians(3 * hp_mean + 6))
        - 0.20 * math.cos(math.radians(4 * hp_mean - 63))
    )
    d_theta = 30 * math.exp(-(((hp_mean - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc = 1 + 0.045 * cp_mean
    sh = 1 + 0.015 * cp_mean * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dh_big / sh) ** 2 + rt * (dc / sc) * (dh_big / sh))


def hex_delta_e(first: str, second: str, vision: str = "normal") -> float:
    """Return the CIEDE2000 difference of two sRGB colours as seen with *vision*."""
    return delta_e_2000(hex_to_lab(simulate(first, vision)), hex_to_lab(simulate(second, vision)))
