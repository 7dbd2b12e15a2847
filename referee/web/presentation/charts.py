"""Line charts drawn on the server as inline SVG: no script, no external resource.

Colours come from the stylesheet (classes ``chart-s0`` … ``chart-s7``, with light and dark values
on screen and fixed ones in print); each series also has its own dash pattern and marker, so the
lines stay apart in black and white. Axes and text use ``currentColor``. The numbers are in the
SVG's ``<title>``/``<desc>`` for a screen reader, and every page that draws a chart also shows them
in a table.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from markupsafe import Markup, escape

WIDTH = 320
PLOT_HEIGHT = 150
LEFT, RIGHT, TOP = 40, 10, 10
AXIS_SPACE = 28
LEGEND_ROW = 16
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 4", "3 2 1 2")
MARKERS = ("circle", "square", "triangle", "diamond")


@dataclass(frozen=True)
class Series:
    name: str
    values: Sequence[int | float | Fraction]


def number_text(value: int | float | Fraction) -> str:
    """``3``, ``-12``, ``1½`` (placing points are shared in halves and thirds), else one decimal."""
    fraction = Fraction(value).limit_denominator(12)
    whole, part = divmod(fraction, 1)
    if part == 0:
        return str(int(whole))
    vulgar = {Fraction(1, 2): "½", Fraction(1, 3): "⅓", Fraction(2, 3): "⅔", Fraction(1, 4): "¼", Fraction(3, 4): "¾"}
    if part in vulgar:
        if whole < 0:
            return "−" + number_text(-fraction)
        return (str(int(whole)) if whole else "") + vulgar[part]
    return f"{float(fraction):.1f}"


def _ticks(low: float, high: float) -> list[float]:
    """Three to six round values spanning ``low``..``high``."""
    if high <= low:
        high = low + 1
    raw = max((high - low) / 4, 1.0)  # whole numbers only: scores and placing points are counted
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    first = math.floor(low / step) * step
    ticks = []
    value = first
    while value < high + step / 2:
        ticks.append(round(value, 6))
        value += step
    return ticks


def _marker(kind: str, x: float, y: float, css: str) -> str:
    if kind == "square":
        return f'<rect class="{css}" x="{x - 2.5:.1f}" y="{y - 2.5:.1f}" width="5" height="5"/>'
    if kind == "triangle":
        return f'<path class="{css}" d="M{x:.1f} {y - 3.2:.1f}L{x + 3:.1f} {y + 2.2:.1f}L{x - 3:.1f} {y + 2.2:.1f}Z"/>'
    if kind == "diamond":
        corners = f"M{x:.1f} {y - 3.5:.1f}L{x + 3.5:.1f} {y:.1f}L{x:.1f} {y + 3.5:.1f}L{x - 3.5:.1f} {y:.1f}Z"
        return f'<path class="{css}" d="{corners}"/>'
    return f'<circle class="{css}" cx="{x:.1f}" cy="{y:.1f}" r="2.6"/>'


def line_chart(
    chart_id: str, title: str, description: str, x_labels: Sequence[str], series: Sequence[Series]
) -> Markup:
    """An SVG line chart: one line per series over ``x_labels`` (each series has one value per label)."""
    points = len(x_labels)
    values = [float(v) for s in series for v in s.values]
    low, high = min([0.0, *values]), max([0.0, *values])
    ticks = _ticks(low, high)
    low, high = min(ticks[0], low), max(ticks[-1], high)
    plot_width = WIDTH - LEFT - RIGHT
    height = TOP + PLOT_HEIGHT + AXIS_SPACE + LEGEND_ROW * math.ceil(len(series) / 2)

    def x_at(index: int) -> float:
        return LEFT + (plot_width * index / (points - 1) if points > 1 else plot_width / 2)

    def y_at(value: float) -> float:
        return TOP + PLOT_HEIGHT * (high - value) / (high - low)

    parts = [
        f'<svg class="chart" id="{escape(chart_id)}" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'aria-labelledby="{escape(chart_id)}-t {escape(chart_id)}-d" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{escape(chart_id)}-t">{escape(title)}</title>',
        f'<desc id="{escape(chart_id)}-d">{escape(description)}</desc>',
        '<g class="chart-axes" fill="currentColor" stroke="currentColor" font-size="9">',
    ]
    for tick in ticks:
        y = y_at(tick)
        grid = "chart-zero" if tick == 0 else "chart-grid"
        parts.append(f'<line class="{grid}" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}"/>')
        parts.append(f'<text x="{LEFT - 4}" y="{y + 3:.1f}" text-anchor="end" stroke="none">{number_text(tick)}</text>')
    every = max(1, math.ceil(points / 12))
    for index, label in enumerate(x_labels):
        if index % every == 0 or index == points - 1:
            anchor = "end" if index == points - 1 and points > 1 else "middle"
            parts.append(
                f'<text x="{x_at(index):.1f}" y="{TOP + PLOT_HEIGHT + 12}" text-anchor="{anchor}" '
                f'stroke="none">{escape(label)}</text>'
            )
    parts.append("</g>")
    for number, line in enumerate(series):
        css = f"chart-s{number % 8}"
        coordinates = " ".join(f"{x_at(i):.1f},{y_at(float(v)):.1f}" for i, v in enumerate(line.values))
        dash = DASHES[number % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<g class="chart-line {css}" stroke="currentColor" fill="currentColor">'
            f'<polyline fill="none" stroke-width="2" points="{coordinates}"{dash_attr}/>'
        )
        if points <= 40:
            kind = MARKERS[number % len(MARKERS)]
            parts.extend(_marker(kind, x_at(i), y_at(float(v)), "chart-dot") for i, v in enumerate(line.values))
        column, row = number % 2, number // 2
        lx = LEFT + column * (plot_width / 2)
        ly = TOP + PLOT_HEIGHT + AXIS_SPACE + row * LEGEND_ROW
        sample = f'<line x1="{lx:.1f}" x2="{lx + 18:.1f}" y1="{ly:.1f}" y2="{ly:.1f}" stroke-width="2"'
        parts.append(sample + dash_attr + "/>")
        parts.append(_marker(MARKERS[number % len(MARKERS)], lx + 9, ly, "chart-dot"))
        last = number_text(line.values[-1]) if line.values else ""
        parts.append(
            f'<text class="chart-label" x="{lx + 22:.1f}" y="{ly + 3:.1f}" font-size="10" stroke="none">'
            f"{escape(line.name)} {last}</text></g>"
        )
    parts.append("</svg>")
    return Markup("".join(parts))
