"""Rendering benchmark: frame times of a late-game 4-player board at 1920x1080 on SDL's dummy
driver (Clash's, and Sid Meier's Civilization's busiest, of the base game and of both expansions),
and the CPU an idle game window uses over 5 seconds.

    python -m bench.render

Each measurement runs in its own process, so that the window starts fresh and the other
benchmarks never import pygame. A frame is what the window does for one input event: handle
it, update pygame_gui and draw everything (`App.pump`). Two kinds are timed: the mouse moving
over the map (the board's terrain layer stays cached) and the map being dragged (the terrain
layer is redrawn every frame). Frame times are process CPU time, so that other work on the
machine does not inflate them; the wall-clock times are in the notes. The third kind is the mouse
moving over the map while a computer player (Normal) thinks the whole time in its worker process
(whose CPU is not the window's: the wall clock, in the note, shows what a loaded machine adds).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bench.common import Figure, late_game_state, median, percentile, table

SIZE = (1920, 1080)
FRAMES = 300
WARM_UP = 20
IDLE_SECONDS = 5.0
FRAME_TARGET = 0.008  # seconds, p99
CHILD_TIMEOUT = 300


def _open_game_window(data_dir: str):
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from civgame.ui.app import App
    from civgame.ui.game_scene import GameScene
    from civgame.ui.settings import Settings

    game = late_game_state()
    app = App(Settings(size=SIZE, autosave=False, data_dir=Path(data_dir)))
    app.switch(GameScene(app, game, viewer=game.actor()))
    app.pump()
    return app, game


def _hover_events(app, game) -> list:
    board = app.scene.board
    return _moves_over([board.centre(space) for space in sorted(game.space_region)])


def _moves_over(pixels: list[tuple[float, float]]) -> list:
    """The mouse moving from one of `pixels` to another, a frame's worth at a time."""
    import pygame

    return [
        pygame.event.Event(
            pygame.MOUSEMOTION,
            pos=tuple(map(int, pixels[(i * 7) % len(pixels)])),
            rel=(0, 0),
            buttons=(0, 0, 0),
        )
        for i in range(WARM_UP + FRAMES)
    ]


def _thinking_frame_times(data_dir: str) -> dict[str, dict[str, list[float]]]:
    """Frames while the deciding seat's computer player (Normal) thinks without pause."""
    import pygame

    from civgame.ui.game_scene import GameScene

    app, game = _open_game_window(data_dir)
    thinker = game.actor()
    game.player(thinker).seat = "normal"
    viewer = (thinker + 1) % len(game.players)
    app.switch(GameScene(app, game, viewer=viewer))
    scene = app.scene
    scene.computers.paused = True  # its moves are not shown: it only keeps thinking
    scene.computers.start(game, scene.legal)
    scene.computers.wait()  # the worker process has started and decided once
    cpu, wall, decisions = [], [], 0
    for i, event in enumerate(_hover_events(app, game)):
        if scene.computers.take() is not None or not scene.computers.thinking:
            decisions += 1
            scene.computers.start(game, scene.legal)
        pygame.event.post(event)
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        app.pump()
        if i >= WARM_UP:
            cpu.append(time.process_time() - start_cpu)
            wall.append(time.perf_counter() - start_wall)
        time.sleep(0.004)  # the rest of a 60 Hz frame
    scene.computers.stop()
    pygame.quit()
    return {"thinking": {"cpu": cpu, "wall": wall, "decisions": [decisions]}}


def _frame_times(data_dir: str) -> dict[str, dict[str, list[float]]]:
    """CPU and wall time of each frame, for the mouse moving over the map and for a drag."""
    import pygame

    app, game = _open_game_window(data_dir)
    times = _hover_and_drag(app, _hover_events(app, game))
    pygame.quit()
    return times


def _sid_meier_frame_times(data_dir: str, expansions: bool = False) -> dict[str, dict[str, list[float]]]:
    """The same frames on Sid Meier's Civilization's busiest board (`bench.sidmeier.busiest_state`), of the
    base game or of both expansions."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    from bench.sidmeier import busiest_state
    from civgame.ui.app import App
    from civgame.ui.settings import Settings
    from civgame.ui.sidmeier.scene import SidMeierScene

    game = busiest_state(expansions)
    app = App(Settings(size=SIZE, autosave=False, data_dir=Path(data_dir)))
    app.switch(SidMeierScene(app, game, ["human"] * len(game.players), viewer=game.actor()))
    app.pump()
    board = app.scene.board
    times = _hover_and_drag(app, _moves_over([board.centre(pos) for pos in range(len(game.squares))]))
    pygame.quit()
    return times


def _hover_and_drag(app, hover: list) -> dict[str, dict[str, list[float]]]:
    """Frames for the `hover` events, then for the map dragged back and forth from its centre."""
    import pygame

    times = {"hover": _time_frames(app, hover)}
    centre = app.scene.board.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=3))
    app.pump()
    steps = [9 if i % 2 == 0 else -9 for i in range(WARM_UP + FRAMES)]  # back and forth: the board stays in view
    drag = [
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(centre[0] + max(step, 0), centre[1]), rel=(step, 0), buttons=(0, 0, 1)
        )
        for step in steps
    ]
    times["drag"] = _time_frames(app, drag)
    return times


def _time_frames(app, events: list) -> dict[str, list[float]]:
    import pygame

    cpu, wall = [], []
    for i, event in enumerate(events):
        pygame.event.post(event)
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        app.pump()
        if i >= WARM_UP:
            cpu.append(time.process_time() - start_cpu)
            wall.append(time.perf_counter() - start_wall)
    return {"cpu": cpu, "wall": wall}


def _idle_cpu(data_dir: str) -> dict[str, float]:
    """Run the real event loop on an untouched game window until a timer closes it."""
    import pygame

    app, _game = _open_game_window(data_dir)
    frames_before = app.frames
    pygame.time.set_timer(pygame.QUIT, int(IDLE_SECONDS * 1000), 1)
    wall, cpu = time.monotonic(), time.process_time()
    app.run()
    wall, cpu = time.monotonic() - wall, time.process_time() - cpu
    pygame.quit()
    return {"cpu": cpu, "wall": wall, "frames": app.frames - frames_before}


def _child(kind: str) -> dict:
    measure = {
        "frames": _frame_times,
        "sid-meier": _sid_meier_frame_times,
        "sid-meier-expansions": lambda data_dir: _sid_meier_frame_times(data_dir, expansions=True),
        "thinking": _thinking_frame_times,
        "idle": _idle_cpu,
    }[kind]
    with tempfile.TemporaryDirectory(prefix="civgame-bench-") as data_dir:
        return measure(data_dir)


def _run_child(kind: str) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-m", "bench.render", "--child", kind],
        capture_output=True,
        text=True,
        env=env,
        timeout=CHILD_TIMEOUT,
        cwd=Path(__file__).resolve().parents[1],
    )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"the {kind} process failed: {last}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def run() -> list[Figure]:
    frames = _run_child("frames")
    thinking = _run_child("thinking")["thinking"]
    idle = _run_child("idle")
    figures = _frame_figures("render", frames) + _frame_figures("render: sid-meier", _run_child("sid-meier"))
    figures += _frame_figures("render: sid-meier, both expansions", _run_child("sid-meier-expansions"))
    cpu, wall = thinking["cpu"], thinking["wall"]
    figures.append(
        Figure(
            "render: frame while a computer thinks (p99)",
            percentile(cpu, 0.99),
            "s",
            FRAME_TARGET,
            f"median {median(cpu) * 1000:.1f} ms; wall p99 {percentile(wall, 0.99) * 1000:.1f} ms, "
            f"median {median(wall) * 1000:.1f} ms; {thinking['decisions'][0]} decisions in the worker process",
        )
    )
    share = 100 * idle["cpu"] / idle["wall"]
    figures.append(
        Figure(
            "render: idle game window, CPU over 5 s",
            idle["cpu"],
            "s",
            None,
            f"{share:.1f}% of one core, {idle['frames']} frames drawn",
        )
    )
    return figures


def _frame_figures(prefix: str, frames: dict[str, dict[str, list[float]]]) -> list[Figure]:
    """The median and p99 frame of each kind measured, against the frame target."""
    size = f"{SIZE[0]}x{SIZE[1]}"
    figures = []
    for kind, label in (("hover", "mouse over the map"), ("drag", "dragging the map")):
        cpu, wall = frames[kind]["cpu"], frames[kind]["wall"]
        figures.append(
            Figure(
                f"{prefix}: frame, {label} (median)",
                median(cpu),
                "s",
                None,
                f"{len(cpu)} frames, {size}; wall {median(wall) * 1000:.1f} ms",
            )
        )
        figures.append(
            Figure(
                f"{prefix}: frame, {label} (p99)",
                percentile(cpu, 0.99),
                "s",
                FRAME_TARGET,
                f"max {max(cpu) * 1000:.1f} ms; wall p99 {percentile(wall, 0.99) * 1000:.1f} ms",
            )
        )
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.render", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--child", choices=("frames", "sid-meier", "sid-meier-expansions", "thinking", "idle"), help=argparse.SUPPRESS
    )
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(_child(args.child)))
    else:
        print(table(run()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
