"""The kernel never imports pyspiel unless berserk_kernel.openspiel is imported (runs always)."""
import subprocess
import sys


def test_the_kernel_and_the_bots_do_not_import_pyspiel():
    code = ("import sys, berserk_kernel, berserk_kernel.berserk, berserk_kernel.city, berserk_kernel.bots, "
            "berserk_kernel.bots.advice, berserk_kernel.bots.tournament\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pyspiel', 'open_spiel', 'numpy')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
