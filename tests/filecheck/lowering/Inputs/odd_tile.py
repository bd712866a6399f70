# ruff: noqa: E501
"""A test plugin pass that adds a kernel Triton cannot compile: a 100-lane tile (Triton's
blocks are powers of two; its interpreter does not check)."""

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from stepwell.ir.printing import parse_module

ODD_TILE = """
tile.kernel @k1_odd_tile(%a: memref<100xf32, strided<[1]>>, %c: memref<100xf32, strided<[1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[100 : i64]], block = [100 : i64], num_warps = 4 : i64, kind = "pointwise"} {
  %p = tile.program_id {axis = 0 : i64} : index
  %x = tile.load %a[%p] {groups = [1 : i64]} : memref<100xf32, strided<[1]>> -> tensor<100xf32>
  %e = math.exp %x : tensor<100xf32>
  tile.store %e, %c[%p] {groups = [1 : i64]} : tensor<100xf32>, memref<100xf32, strided<[1]>>
}
"""


@dataclass(frozen=True)
class AddOddTile(ModulePass):
    name = "add-odd-tile"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        kernel = parse_module(ODD_TILE).body.block.first_op
        assert kernel is not None
        kernel.detach()
        op.body.block.add_op(kernel)
