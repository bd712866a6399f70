// RUN: stepwell-opt %s -t triton | filecheck %s

// A view's name in Triton source is its name hint made an identifier, then its index,
// after a `_` where the hint ends in a digit: `%arg1` at 11 and `%arg11` at 1 were both
// `arg111`, a SyntaxError when the kernel loaded (a combo kernel of an Adam step
// concatenates its parts' views so). A hint that is no identifier (`%a.b`) is made one.

// CHECK: def k0_pointwise(a_b0_ptr, arg11_1_ptr, v2_2_ptr, v3_3_ptr, v4_4_ptr, v5_5_ptr, v6_6_ptr, v7_7_ptr, v8_8_ptr, v9_9_ptr, v10_10_ptr, arg1_11_ptr, out12_ptr):
// CHECK: tl.load(arg1_11_ptr
// CHECK: tl.store(out12_ptr
builtin.module {
  tile.kernel @k0_pointwise(%a.b: memref<16xf32, strided<[1]>>, %arg11: memref<16xf32, strided<[1]>>, %v2: memref<16xf32, strided<[1]>>, %v3: memref<16xf32, strided<[1]>>, %v4: memref<16xf32, strided<[1]>>, %v5: memref<16xf32, strided<[1]>>, %v6: memref<16xf32, strided<[1]>>, %v7: memref<16xf32, strided<[1]>>, %v8: memref<16xf32, strided<[1]>>, %v9: memref<16xf32, strided<[1]>>, %v10: memref<16xf32, strided<[1]>>, %arg1: memref<16xf32, strided<[1]>>, %out: memref<16xf32, strided<[1]>>) attributes {grid = [1 : i64, 1 : i64, 1 : i64], space = [[16 : i64]], block = [16 : i64], num_warps = 1 : i64, kind = "pointwise"} {
    %p = tile.program_id {axis = 0 : i64} : index
    %x = tile.load %arg1[%p] {groups = [1 : i64]} : memref<16xf32, strided<[1]>> -> tensor<16xf32>
    tile.store %x, %out[%p] {groups = [1 : i64]} : tensor<16xf32>, memref<16xf32, strided<[1]>>
  }
}
