// C = A x B for 1024x1024 matrices, one 256x256 tile of C per workgroup, written once for the
// whole workgroup (WG level). f16 inputs, f32 accumulation.
//
// The 32 subgroups of a workgroup form an 8x4 grid (sg_layout [8, 4]); each owns a 32x64 block of
// the C tile. Layouts sit only on the anchors - the descriptor types, the dpas operands and
// result, the prefetches and the store - and
//   wgdist-opt examples/gemm_k_loop.mlir -p xegpu-propagate-layout,xegpu-wg-to-sg-distribute
// derives the rest and rewrites the kernel into per-subgroup code.
//
// K loop: 32 columns of A and 32 rows of B per step, the accumulator carried by scf.for, the
// next step's A and B tiles prefetched while the current ones are multiplied.
#a = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
#b = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>
#c = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>
gpu.module @kernels {
  gpu.func @gemm_k_loop(%A: memref<1024x1024xf16>, %B: memref<1024x1024xf16>, %C: memref<1024x1024xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c256 = arith.constant 256 : index
    %c1024 = arith.constant 1024 : index
    %bid_x = gpu.block_id x
    %bid_y = gpu.block_id y
    %m = arith.muli %bid_x, %c256 : index
    %n = arith.muli %bid_y, %c256 : index
    %a_desc = xegpu.create_nd_tdesc %A : memref<1024x1024xf16> -> !xegpu.tensor_desc<256x32xf16, #a>
    %b_desc = xegpu.create_nd_tdesc %B : memref<1024x1024xf16> -> !xegpu.tensor_desc<32x256xf16, #b>
    %c_desc = xegpu.create_nd_tdesc %C : memref<1024x1024xf32> -> !xegpu.tensor_desc<256x256xf32, #c>
    xegpu.prefetch_nd %a_desc[%m, %c0] <{layout = #a}> : !xegpu.tensor_desc<256x32xf16, #a>
    xegpu.prefetch_nd %b_desc[%c0, %n] <{layout = #b}> : !xegpu.tensor_desc<32x256xf16, #b>
    %zero = arith.constant dense<0.000000e+00> : vector<256x256xf32>
    %acc = scf.for %k = %c0 to %c1024 step %c32 iter_args(%sum = %zero) -> (vector<256x256xf32>) {
      %a = xegpu.load_nd %a_desc[%m, %k] : !xegpu.tensor_desc<256x32xf16, #a> -> vector<256x32xf16>
      %b = xegpu.load_nd %b_desc[%k, %n] : !xegpu.tensor_desc<32x256xf16, #b> -> vector<32x256xf16>
      %k_next = arith.addi %k, %c32 : index
      xegpu.prefetch_nd %a_desc[%m, %k_next] <{layout = #a}> : !xegpu.tensor_desc<256x32xf16, #a>
      xegpu.prefetch_nd %b_desc[%k_next, %n] <{layout = #b}> : !xegpu.tensor_desc<32x256xf16, #b>
      %d = xegpu.dpas %a, %b, %sum {layout_a = #a, layout_b = #b, layout_cd = #c} : vector<256x32xf16>, vector<32x256xf16>, vector<256x256xf32> -> vector<256x256xf32>
      scf.yield %d : vector<256x256xf32>
    }
    xegpu.store_nd %acc, %c_desc[%m, %n] <{layout = #c}> : vector<256x256xf32>, !xegpu.tensor_desc<256x256xf32, #c>
    gpu.return
  }
}
