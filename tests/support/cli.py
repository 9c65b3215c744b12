"""The `xqclock` command run as the organiser runs it: a subprocess
(`python -m host_tools.cli`), its output captured."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the checkout


def xqclock(env, *args, cwd=ROOT, timeout=60, text=True, **kw):
    """`xqclock ARGS` with the environment `env` (None: this process's),
    from `cwd`; other keyword arguments go to subprocess.run (input...)."""
    return subprocess.run([sys.executable, "-m", "host_tools.cli", *map(str, args)], cwd=cwd, env=env,
                          capture_output=True, text=text, timeout=timeout, **kw)
