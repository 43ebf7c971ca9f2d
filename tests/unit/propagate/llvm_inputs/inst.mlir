// Restatements (own names and wording) of the functions of upstream LLVM's inst-level
// propagation test (mlir/test/Dialect/XeGPU/propagate-layout-inst-data.mlir, the 10-function
// version run with -xevm-attach-target='chip=pvc'), one per chunk, for test_vs_mlir.py's
// differential at layout-kind=inst.

gpu.module @m {
func.func @copy_8x32(%src: memref<8x32xf32>, %dst: memref<8x32xf32>) {
  %unused = arith.constant dense<0.0> : vector<8x16xf32>
  %ts = xegpu.create_nd_tdesc %src : memref<8x32xf32> -> !xegpu.tensor_desc<8x32xf32>
  %td = xegpu.create_nd_tdesc %dst : memref<8x32xf32> -> !xegpu.tensor_desc<8x32xf32>
  xegpu.prefetch_nd %ts[0, 0] <{l1_hint = #xegpu.cache_hint<cached>, l2_hint = #xegpu.cache_hint<uncached>}> : !xegpu.tensor_desc<8x32xf32>
  %v = xegpu.load_nd %ts[0, 0] : !xegpu.tensor_desc<8x32xf32> -> vector<8x32xf32>
  xegpu.store_nd %v, %td[0, 0] : vector<8x32xf32>, !xegpu.tensor_desc<8x32xf32>
  return
}
}

// -----
gpu.module @m {
func.func @mm_f16_inst(%a: memref<8x16xf16>, %b: memref<16x16xf16>, %c: memref<8x16xf32>) {
  %zero = arith.constant dense<0.0> : vector<8x16xf32>
  %ta = xegpu.create_nd_tdesc %a : memref<8x16xf16> -> !xegpu.tensor_desc<8x16xf16>
  %tb = xegpu.create_nd_tdesc %b : memref<16x16xf16> -> !xegpu.tensor_desc<16x16xf16>
  %va = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
  %vb = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
  %d = xegpu.dpas %va, %vb, %zero : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
  %tc = xegpu.create_nd_tdesc %c : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
  xegpu.store_nd %d, %tc[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
  return
}
}

// -----
gpu.module @m {
gpu.func @add_tiles_16x32(%x: memref<1024x1024xf16>, %y: memref<1024x1024xf16>, %z: memref<1024x1024xf16>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c1024 = arith.constant 1024 : index
  %bx = gpu.block_id x
  %row = arith.muli %bx, %c32 : index
  %tx = xegpu.create_nd_tdesc %x : memref<1024x1024xf16> -> !xegpu.tensor_desc<16x32xf16>
  %ty = xegpu.create_nd_tdesc %y : memref<1024x1024xf16> -> !xegpu.tensor_desc<16x32xf16>
  %tz = xegpu.create_nd_tdesc %z : memref<1024x1024xf16> -> !xegpu.tensor_desc<16x32xf16>
  scf.for %k = %c0 to %c1024 step %c32 {
    %vx = xegpu.load_nd %tx[%row, %k] : !xegpu.tensor_desc<16x32xf16> -> vector<16x32xf16>
    %vy = xegpu.load_nd %ty[%row, %k] : !xegpu.tensor_desc<16x32xf16> -> vector<16x32xf16>
    %s = arith.addf %vx, %vy : vector<16x32xf16>
    xegpu.store_nd %s, %tz[%row, %k] : vector<16x32xf16>, !xegpu.tensor_desc<16x32xf16>
  }
  gpu.return
}
}

// -----
gpu.module @m {
gpu.func @add_tiles_12x32(%x: memref<1024x1024xf16>, %y: memref<1024x1024xf16>, %z: memref<1024x1024xf16>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c1024 = arith.constant 1024 : index
  %bx = gpu.block_id x
  %row = arith.muli %bx, %c32 : index
  %tx = xegpu.create_nd_tdesc %x : memref<1024x1024xf16> -> !xegpu.tensor_desc<12x32xf16>
  %ty = xegpu.create_nd_tdesc %y : memref<1024x1024xf16> -> !xegpu.tensor_desc<12x32xf16>
  %tz = xegpu.create_nd_tdesc %z : memref<1024x1024xf16> -> !xegpu.tensor_desc<12x32xf16>
  scf.for %k = %c0 to %c1024 step %c32 {
    %vx = xegpu.load_nd %tx[%row, %k] : !xegpu.tensor_desc<12x32xf16> -> vector<12x32xf16>
    %vy = xegpu.load_nd %ty[%row, %k] : !xegpu.tensor_desc<12x32xf16> -> vector<12x32xf16>
    %s = arith.addf %vx, %vy : vector<12x32xf16>
    xegpu.store_nd %s, %tz[%row, %k] : vector<12x32xf16>, !xegpu.tensor_desc<12x32xf16>
  }
  gpu.return
}
}

// -----
gpu.module @m {
func.func @gather_scatter_chunk8(%buf: memref<256xf16>) {
  %on = arith.constant dense<true> : vector<16xi1>
  %off = arith.constant dense<12> : vector<16xindex>
  %v = xegpu.load %buf[%off], %on <{chunk_size = 8}> : memref<256xf16>, vector<16xindex>, vector<16xi1> -> vector<16x8xf16>
  xegpu.store %v, %buf[%off], %on <{chunk_size = 8}> : vector<16x8xf16>, memref<256xf16>, vector<16xindex>, vector<16xi1>
  return
}
}

// -----
gpu.module @m {
func.func @zero_to_slm(%mem: !xegpu.mem_desc<16x64xf16>) {
  %z = arith.constant dense<0.0> : vector<16x16xf16>
  xegpu.store_matrix %z, %mem[8, 8] : vector<16x16xf16>, !xegpu.mem_desc<16x64xf16>
  return
}
}

// -----
gpu.module @m {
func.func @gather_scatter_chunk32(%buf: memref<1024xf32>) {
  %on = arith.constant dense<true> : vector<16xi1>
  %off = arith.constant dense<12> : vector<16xindex>
  %v = xegpu.load %buf[%off], %on <{chunk_size = 32}> : memref<1024xf32>, vector<16xindex>, vector<16xi1> -> vector<16x32xf32>
  xegpu.store %v, %buf[%off], %on <{chunk_size = 32}> : vector<16x32xf32>, memref<1024xf32>, vector<16xindex>, vector<16xi1>
  return
}
}

// -----
gpu.module @m {
func.func @gather_scatter_chunk32_anchored(%buf: memref<1024xf32>) {
  %on = arith.constant dense<true> : vector<16xi1>
  %off = arith.constant dense<12> : vector<16xindex>
  %v = xegpu.load %buf[%off], %on <{chunk_size = 32}> : memref<1024xf32>, vector<16xindex>, vector<16xi1> -> vector<16x32xf32>
  xegpu.store %v, %buf[%off], %on <{chunk_size = 32, layout = #xegpu.layout<inst_data = [16, 16]>}> : vector<16x32xf32>, memref<1024xf32>, vector<16xindex>, vector<16xi1>
  return
}
}

// -----
gpu.module @m {
func.func @gather_row_broadcast_scatter(%buf: memref<1024xf32>) {
  %on = arith.constant dense<true> : vector<16xi1>
  %off = arith.constant dense<12> : vector<16xindex>
  %v = xegpu.load %buf[%off], %on : memref<1024xf32>, vector<16xindex>, vector<16xi1> -> vector<16xf32>
  %b = vector.broadcast %v : vector<16xf32> to vector<16x16xf32>
  xegpu.store %b, %buf[%off], %on <{chunk_size = 16, layout = #xegpu.layout<inst_data = [16, 16]>}> : vector<16x16xf32>, memref<1024xf32>, vector<16xindex>, vector<16xi1>
  return
}
}
