"""Plugins: another package adds a pass to stepwell-opt with no change to stepwell.

The example plugin (examples/plugin) is installed into a temporary directory, never into
the venv, and found through its `xdsl.universe` entry point; `--load-plugin FILE.py` loads
a pass from a file instead.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from xdsl.universe import Universe

from stepwell.tools import opt
from stepwell.universe import STEPWELL_UNIVERSE

REPO = Path(__file__).resolve().parents[2]
PLUGIN = REPO / "examples" / "plugin"
BIN = Path(sys.executable).parent

# what fold-double-relu makes of examples/plugin/double_relu.mlir, written out by hand
FOLDED = """\
builtin.module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = torch.aten.relu %x : (tensor<4xf32>) -> tensor<4xf32>
    %1 = torch.aten.neg %0 : (tensor<4xf32>) -> tensor<4xf32>
    func.return %1 : tensor<4xf32>
  }
}
"""


@pytest.fixture
def relus() -> Path:
    return PLUGIN / "double_relu.mlir"


def stepwell_opt(argv: list[str], capfd: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        opt.main(argv)
        status = 0
    except SystemExit as e:
        status = e.code if isinstance(e.code, int) else int(e.code is not None)
    out, err = capfd.readouterr()
    return status, out, err


def test_installed_plugin_adds_its_pass(tmp_path: Path, relus: Path) -> None:
    source, site = tmp_path / "src", tmp_path / "site"
    shutil.copytree(PLUGIN, source)  # pip builds in the source tree: keep examples/ clean
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
         "--target", str(site), str(source)],
        check=True, capture_output=True,
    )  # fmt: skip
    env = dict(os.environ, PYTHONPATH=str(site))
    argv = [str(relus), "-p", "fold-double-relu"]
    result = subprocess.run(
        [str(BIN / "stepwell-opt"), *argv], capture_output=True, text=True, env=env
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip("\n") == FOLDED.rstrip("\n")


def test_pass_is_unknown_without_the_plugin(relus: Path, capfd: pytest.CaptureFixture[str]) -> None:
    if "stepwell_fold_relu" in {ep.name for ep in entry_points(group="xdsl.universe")}:
        pytest.skip("the example plugin is installed in this environment")
    status, _, err = stepwell_opt([str(relus), "-p", "fold-double-relu"], capfd)
    assert status == 1
    assert err == "stepwell-opt: error: Unrecognized passes: ['fold-double-relu']\n"


def test_load_plugin_file_with_a_universe(relus: Path, capfd: pytest.CaptureFixture[str]) -> None:
    plugin = PLUGIN / "stepwell_fold_relu.py"
    argv = [str(relus), "--load-plugin", str(plugin), "-p", "fold-double-relu"]
    status, out, err = stepwell_opt(argv, capfd)
    assert status == 0, err
    assert out.rstrip("\n") == FOLDED.rstrip("\n")


BARE_PLUGIN = '''\
"""A plugin file without a UNIVERSE: its ModulePass classes are registered by name."""

from dataclasses import dataclass

from xdsl.dialects.builtin import StringAttr
from xdsl.passes import ModulePass


@dataclass(frozen=True)
class TagOps(ModulePass):
    name = "tag-ops"
    tag: str = "seen"

    def apply(self, ctx, op):
        for inner in op.walk():
            if inner.name.startswith("torch."):
                inner.attributes["tag"] = StringAttr(self.tag)
'''


def test_load_plugin_file_with_bare_pass_classes(
    tmp_path: Path, relus: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    plugin = tmp_path / "tag_ops.py"
    plugin.write_text(BARE_PLUGIN)
    argv = [str(relus), f"--load-plugin={plugin}", "-p", "tag-ops{tag=relu}"]
    status, out, err = stepwell_opt(argv, capfd)
    assert status == 0, err
    tagged = [line for line in out.splitlines() if 'attributes {tag = "relu"}' in line]
    assert len(tagged) == 3  # relu, relu, neg; the pass option reached the dataclass field


def test_broken_plugin_is_one_error(
    tmp_path: Path, relus: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    plugin = tmp_path / "broken.py"
    plugin.write_text("import no_such_module_anywhere\n")
    status, out, err = stepwell_opt([str(relus), "--load-plugin", str(plugin)], capfd)
    assert (status, out) == (1, "")
    assert err == (
        f"{plugin}: error: loading the plugin failed: "
        "ModuleNotFoundError(\"No module named 'no_such_module_anywhere'\")\n"
    )


def test_stepwell_is_an_xdsl_universe() -> None:
    found = {ep.name: ep for ep in entry_points(group="xdsl.universe")}
    assert found["stepwell"].value == "stepwell.universe:STEPWELL_UNIVERSE"
    assert found["stepwell"].load() is STEPWELL_UNIVERSE
    assert {"torch", "prims"} <= set(STEPWELL_UNIVERSE.all_dialects)
    assert STEPWELL_UNIVERSE.all_dialects["torch"]().name == "torch"
    # what xdsl-opt sees: every installed universe merged
    multiverse = Universe.get_multiverse()
    assert multiverse.all_dialects["torch"] is STEPWELL_UNIVERSE.all_dialects["torch"]
    assert set(STEPWELL_UNIVERSE.all_passes) <= set(multiverse.all_passes)


def _prims_ops(dump: Path) -> list[str]:
    text = (dump / "graph0" / "prims.mlir").read_text()
    return [line.split("=", 1)[1].split()[0] for line in text.splitlines() if "= prims." in line]


def test_torch_compile_runs_a_plugin_pass_named_in_its_pipeline(tmp_path: Path) -> None:
    """A pass from a plugin file, placed in the pipeline torch.compile runs: its effect
    (one relu of two) shows in the dump, and the result is still eager's."""
    import torch

    from stepwell.pipeline import default_pipeline

    def model(x: torch.Tensor) -> torch.Tensor:
        return torch.relu(torch.relu(x)) * 2

    x = torch.randn(16)
    outs = {}
    for name, spec in [("default", None), ("plugin", "fold-double-relu," + default_pipeline())]:
        torch._dynamo.reset()
        options = {"dump_dir": str(tmp_path / name)}
        if spec is not None:
            options |= {"pipeline": spec, "plugins": [str(PLUGIN / "stepwell_fold_relu.py")]}
        outs[name] = torch.compile(model, backend="stepwell", options=options)(x)
        assert torch.equal(outs[name], model(x))
    torch_level = (tmp_path / "plugin" / "graph0" / "torch.mlir").read_text()
    assert torch_level.count("torch.aten.relu") == 2, "the dump's torch level is the import"
    default_ops, plugin_ops = _prims_ops(tmp_path / "default"), _prims_ops(tmp_path / "plugin")
    assert len(plugin_ops) < len(default_ops), (default_ops, plugin_ops)


def test_a_plugin_file_may_not_replace_a_pass(tmp_path: Path) -> None:
    from stepwell.plugins import PluginError, available_passes

    plugin = tmp_path / "shadow.py"
    plugin.write_text(BARE_PLUGIN.replace('name = "tag-ops"', 'name = "cse"'))
    with pytest.raises(PluginError, match="pass 'cse' already exists"):
        available_passes([str(plugin)])
