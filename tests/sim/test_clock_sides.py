"""`clock red=SPEC black=SPEC` wherever a clock is given (scenarios, simulation
scripts, config explain), and contradictory modifiers refused."""
import pytest

from host_tools import cli
from host_tools.mpy.sim import script


def test_config_explain_takes_one_control_per_side(capsys):
    assert cli.main(["config", "explain", "red=6m+3s black=4m+3s"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Red: 6 min for the whole game") and "Black: 4 min for the whole game" in out


def test_a_simulation_script_takes_one_control_per_side():
    values = script.parse("clock red=6m+3s black=4m+3s\nend 1s\n")[0]
    assert (values["clock"], values["clock_black"]) == ("6m+3s", "4m+3s")
    values = script.parse("clock black=4m+3s red=6m+3s\nend 1s\n")[0]
    assert (values["clock"], values["clock_black"]) == ("6m+3s", "4m+3s")
    with pytest.raises(script.ScriptError, match="no black= found"):
        script.parse("clock red=6m+3s\nend 1s\n")


@pytest.mark.parametrize("spec", ["5m+3s;bronstein 3s", "xq-5+3;bronstein 2s", "red=5m+3s;bronstein 3s black=5m"])
def test_fischer_and_bronstein_together_are_refused(spec, capsys):
    assert cli.main(["config", "explain", spec]) == 2
    err = capsys.readouterr().err
    assert "a Fischer increment (+D) and a Bronstein delay" in err and err.count("\n") == 1
