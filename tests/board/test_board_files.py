"""The files a board runs (host_tools/mpy/board): boot.py and agent.py live
apart on the board (one is /boot.py, the other is pasted into the raw REPL),
so the helpers both need are written in each; a helper's name has one meaning."""
import ast

from host_tools.board import ON_BOARD

SHARED = ("_xq_dirs", "_xq_rmtree")


def _functions(name):
    tree = ast.parse((ON_BOARD / name).read_text(encoding="utf-8"))
    return {node.name: ast.dump(node) for node in tree.body if isinstance(node, ast.FunctionDef)}


def test_boot_and_agent_helpers_of_one_name_do_the_same():
    boot, agent = _functions("boot.py"), _functions("agent.py")
    for name in SHARED:
        assert boot[name] == agent[name], f"{name} differs between boot.py and agent.py"
    assert set(boot) & set(agent) == set(SHARED)  # a new shared helper is named here
