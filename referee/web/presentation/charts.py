"""Line charts drawn on the server as inline SVG: no script, no external resource.

Each series has a *style*: a colour (:data:`PALETTE`, as printed and on a light screen; in dark mode
the stylesheet gives the class ``chart-s0`` … ``chart-s7`` its own), a dash pattern and a marker shape. A
series' style is given by its caller, stable for a person across an evening's or a group's charts
(see :mod:`referee.web.presentation.standings`), so Ann is the same green circles on every sheet.
Colour never stands alone: every line has its own dash and markers, and its name and last value
are written at its end (nudged apart when two lines end close together) as well as in the legend.
Axes and text use ``currentColor``. The numbers are in the SVG's ``<title>``/``<desc>`` for a screen
reader, and every page that draws a chart also shows them in a table.
"""

from __future__ import annotations

import base64
import math
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from markupsafe import Markup, escape

WIDTH = 360
PLOT_HEIGHT = 150
LEFT, TOP = 36, 10
#: Room right of the plot for each line's end label.
RIGHT = 88
AXIS_SPACE = 28
LEGEND_ROW = 16
#: Vertical room one end label takes; labels of lines ending closer are moved apart.
LABEL_GAP = 11
#: About the width of a narrow character at the labels' size (a wide one, as in Japanese, counts two).
CHAR_WIDTH = 5.6
#: Markers drawn along a line at most, besides its last point.
MARKS_PER_LINE = 12
#: The series' colours as printed and on a light screen: the SVG carries them as attributes, which the
#: app's stylesheet overrides in dark mode (``.chart-s0`` … ``.chart-s7``).
PALETTE = ("#1f6f4a", "#b3261e", "#1e5aa8", "#8a4b00", "#6b3fa0", "#0f7c80", "#a0306b", "#5b5b00")
INK, GRID, ZERO = "#111111", "#cccccc", "#666666"
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 4", "3 2 1 2")
MARKERS = ("circle", "square", "triangle", "diamond", "down", "plus", "cross", "ring")


@dataclass(frozen=True)
class Series:
    name: str
    values: Sequence[int | float | Fraction]
    #: The series' style (see :func:`style_of`); None: its place among the chart's series.
    style: int | None = None


@dataclass(frozen=True)
class Style:
    """How one series is drawn: its colour class, dash pattern and marker."""

    css: str
    colour: str
    dash: str
    marker: str


def style_of(index: int) -> Style:
    """The style of stable index ``index``: eight colours, each with its own dash and marker; past
    eight, the same colours come again with other markers and dashes."""
    shift = index // len(PALETTE)
    return Style(
        f"chart-s{index % len(PALETTE)}",
        PALETTE[index % len(PALETTE)],
        DASHES[(index + 3 * shift) % len(DASHES)],
        MARKERS[(index + shift) % len(MARKERS)],
    )


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


#: Each marker's outline around (0, 0), as path commands; open shapes are drawn with the line's stroke.
_SHAPES = {
    "square": "M-2.6 -2.6H2.6V2.6H-2.6Z",
    "triangle": "M0 -3.4L3.2 2.3H-3.2Z",
    "down": "M0 3.4L3.2 -2.3H-3.2Z",
    "diamond": "M0 -3.6L3.6 0L0 3.6L-3.6 0Z",
    "plus": "M-3.4 0H3.4M0 -3.4V3.4",
    "cross": "M-2.6 -2.6L2.6 2.6M-2.6 2.6L2.6 -2.6",
}
_OPEN = ' fill="none" stroke-width="1.6"'


def _marker(kind: str, x: float, y: float) -> str:
    """One marker at (x, y)."""
    if kind in ("circle", "ring"):
        ring = _OPEN if kind == "ring" else ""
        return f'<circle class="chart-dot"{ring} cx="{x:.1f}" cy="{y:.1f}" r="2.8"/>'
    shape = _SHAPES[kind]
    outline = _OPEN if kind in ("plus", "cross") else ""
    return f'<path class="chart-dot"{outline} transform="translate({x:.1f} {y:.1f})" d="{shape}"/>'


def text_width(text: str) -> float:
    """About how wide ``text`` is drawn at the labels' size."""
    return sum(CHAR_WIDTH * (2 if unicodedata.east_asian_width(c) in "WF" else 1) for c in text)


def fitted(name: str, room: float) -> str:
    """``name`` cut with an ellipsis to fit ``room`` (the legend under the chart has it whole)."""
    if text_width(name) <= room:
        return name
    while name and text_width(name + "…") > room:
        name = name[:-1]
    return name.rstrip() + "…"


def spread(wanted: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Label heights as near to ``wanted`` as can be with ``gap`` between any two, within ``low``..``high``."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    placed = [0.0] * len(wanted)
    floor = low
    for i in order:
        placed[i] = max(wanted[i], floor)
        floor = placed[i] + gap
    ceiling = high
    for i in reversed(order):
        placed[i] = min(placed[i], ceiling)
        ceiling = placed[i] - gap
    return placed


def marked_points(points: int, style: int) -> list[int]:
    """The points of a line that carry a marker: at most about :data:`MARKS_PER_LINE`, staggered by the
    line's style so lines running together show their own markers, and always the last point."""
    every = max(1, math.ceil(points / MARKS_PER_LINE))
    chosen = set(range(style % every, points, every))
    chosen.add(points - 1)
    return sorted(chosen)


def line_chart(
    chart_id: str,
    title: str,
    description: str,
    x_labels: Sequence[str],
    series: Sequence[Series],
    *,
    image: bool = False,
) -> Markup:
    """An SVG line chart: one line per series over ``x_labels`` (each series has one value per label).

    ``image``: the same SVG as an image (``<img>`` of a ``data:`` address, its title and description as
    its text), for a PDF: WeasyPrint reads an SVG image with an XML parser, where an inline SVG's every
    element goes through its HTML parser and stylesheets (an evening's record draws 31 charts).
    """
    svg = _svg(chart_id, title, description, x_labels, series)
    if not image:
        return svg
    data = base64.b64encode(svg.encode()).decode()
    alt = escape(f"{title}. {description}")
    return Markup(f'<img class="chart" id="{escape(chart_id)}" alt="{alt}" src="data:image/svg+xml;base64,{data}">')


def _svg(
    chart_id: str, title: str, description: str, x_labels: Sequence[str], series: Sequence[Series]
) -> Markup:
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
        f'<g class="chart-axes" color="{INK}" fill="currentColor" stroke="currentColor" font-size="9">',
    ]
    for tick in ticks:
        y = y_at(tick)
        grid, stroke = ("chart-zero", ZERO) if tick == 0 else ("chart-grid", GRID)
        parts.append(
            f'<line class="{grid}" stroke="{stroke}" x1="{LEFT}" x2="{LEFT + plot_width}" y1="{y:.1f}" y2="{y:.1f}"/>'
        )
        parts.append(f'<text x="{LEFT - 4}" y="{y + 3:.1f}" text-anchor="end" stroke="none">{number_text(tick)}</text>')
    every = max(1, math.ceil(points / 12))
    for index, label in enumerate(x_labels):
        # The last label is always written; a regular one too close before it is left out.
        if (index % every == 0 and x_at(points - 1) - x_at(index) >= 26) or index == points - 1:
            anchor = "end" if index == points - 1 and points > 1 else "middle"
            parts.append(
                f'<text x="{x_at(index):.1f}" y="{TOP + PLOT_HEIGHT + 12}" text-anchor="{anchor}" '
                f'stroke="none">{escape(label)}</text>'
            )
    parts.append("</g>")
    ends = spread(
        [y_at(float(s.values[-1])) if s.values else TOP for s in series], LABEL_GAP, TOP + 3, TOP + PLOT_HEIGHT + 3
    )
    for number, line in enumerate(series):
        index = number if line.style is None else line.style
        style = style_of(index)
        coordinates = " ".join(f"{x_at(i):.1f},{y_at(float(v)):.1f}" for i, v in enumerate(line.values))
        dash_attr = f' stroke-dasharray="{style.dash}"' if style.dash else ""
        parts.append(
            f'<g class="chart-line {style.css}" color="{style.colour}" stroke="currentColor" fill="currentColor">'
            f'<polyline fill="none" stroke-width="2" points="{coordinates}"{dash_attr}/>'
        )
        if line.values:
            marked = marked_points(len(line.values), index)
            parts.extend(_marker(style.marker, x_at(i), y_at(float(line.values[i]))) for i in marked)
        last = number_text(line.values[-1]) if line.values else ""
        end_x = LEFT + plot_width + 6
        if line.values and abs(ends[number] - y_at(float(line.values[-1]))) > 2:  # moved apart: a leader line
            parts.append(
                f'<line class="chart-leader" x1="{LEFT + plot_width + 3:.1f}" x2="{end_x - 1:.1f}" '
                f'y1="{y_at(float(line.values[-1])):.1f}" y2="{ends[number]:.1f}" stroke-width="0.8"/>'
            )
        name = fitted(line.name, RIGHT - 8 - text_width(f" {last}"))
        parts.append(
            f'<text class="chart-end" x="{end_x:.1f}" y="{ends[number] + 3:.1f}" font-size="9.5" fill="{INK}" '
            f'stroke="none">{escape(name)} {last}</text>'
        )
        column, row = number % 2, number // 2
        lx = LEFT + column * ((WIDTH - LEFT) / 2)
        ly = TOP + PLOT_HEIGHT + AXIS_SPACE + row * LEGEND_ROW
        parts.append(
            f'<line x1="{lx:.1f}" x2="{lx + 18:.1f}" y1="{ly:.1f}" y2="{ly:.1f}" stroke-width="2"{dash_attr}/>'
        )
        parts.append(_marker(style.marker, lx + 9, ly))
        legend = fitted(line.name, (WIDTH - LEFT) / 2 - 26 - text_width(f" {last}"))
        parts.append(
            f'<text class="chart-label" x="{lx + 22:.1f}" y="{ly + 3:.1f}" font-size="10" fill="{INK}" stroke="none">'
            f"{escape(legend)} {last}</text></g>"
        )
    parts.append("</svg>")
    return Markup("".join(parts))
