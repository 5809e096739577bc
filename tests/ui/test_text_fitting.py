"""Text fitting costs a few measurements whatever the length: no name can freeze the window."""

import math

import pygame
import pytest

from civgame.ui import theme


class CountingFont:
    def __init__(self, font):
        self.font, self.calls, self.longest = font, 0, 0

    def size(self, text):
        self.calls += 1
        self.longest = max(self.longest, len(text))
        return self.font.size(text)


@pytest.fixture
def counting(monkeypatch):
    pygame.font.init()
    counter = CountingFont(theme.font(14))
    monkeypatch.setattr(theme, "font", lambda size, bold=False, condensed=False: counter)
    return counter


def one_at_a_time(f, content, width):
    """The former fitting, one character at a time: the reference for what fits."""
    if f.size(content)[0] <= width:
        return content
    while content and f.size(content + "…")[0] > width:
        content = content[:-1]
    return content + "…"


def test_a_32000_character_name_is_fitted_with_a_logarithmic_number_of_measurements(counting):
    name = "Wide name " * 3200
    fitted = theme.fit_text(name, 14, 200)
    assert fitted.endswith("…") and counting.font.size(fitted)[0] <= 200
    assert counting.font.size(name[: len(fitted)] + "…")[0] > 200  # one more character would not fit
    assert counting.calls <= 2 + math.ceil(math.log2(len(name) + 1))


def test_a_10_mb_name_is_fitted_without_measuring_more_than_fits(counting):
    fitted = theme.fit_text("W" * 10_000_000, 14, 200)
    assert fitted.endswith("…") and counting.font.size(fitted)[0] <= 200
    assert counting.longest <= 202 and counting.calls <= 12


@pytest.mark.parametrize("width", [0, 5, 40, 97, 180, 400])
def test_the_fitted_text_is_what_shortening_one_character_at_a_time_gave(counting, width):
    for text in ("Player 1", "Ælfgifu of the Long Ships", "iiiiiWWWWWiiiii mixed widths", ""):
        assert theme.fit_text(text, 14, width) == one_at_a_time(counting.font, text, width)


def test_a_long_word_is_wrapped_with_a_few_measurements_per_line(counting):
    word = "x" * 5000
    lines = theme.wrap_text(f"start {word} end", 14, 300)
    assert "".join(lines).replace(" ", "") == f"start{word}end" and lines[0] == "start"
    assert all(counting.font.size(line)[0] <= 300 for line in lines)
    assert counting.calls < len(lines) * (4 + math.ceil(math.log2(len(word)))) + 2 * len(lines)
