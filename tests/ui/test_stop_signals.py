"""The window quits on SIGTERM and SIGINT, even while a frame takes for ever to draw."""

import os
import signal
import subprocess
import sys
import textwrap

import pytest

WINDOW = textwrap.dedent(
    """
    import sys
    from pathlib import Path

    from civgame.ui.app import Settings, open_app, run_app

    app = open_app(Settings(data_dir=Path(sys.argv[1])))
    draw = app.draw

    def first_frame():  # drawn inside run_app, once its signal handlers are in place
        print("ready", flush=True)
        while sys.argv[2] == "stuck":
            pass
        app.draw = draw
        draw()

    app.draw = first_frame
    sys.exit(run_app(app))
    """
)


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("frame", ["idle", "stuck"])
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_the_window_quits_on_a_stop_signal(tmp_path, frame, number):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    window = subprocess.Popen(
        [sys.executable, "-c", WINDOW, str(tmp_path), frame], stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        assert window.stdout.readline().strip() == "ready"
        window.send_signal(number)
        assert window.wait(timeout=20) == 128 + number
    finally:
        window.kill()
        window.wait()
