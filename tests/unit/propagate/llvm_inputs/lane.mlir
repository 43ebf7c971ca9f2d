// Restatements (own names and wording) of the functions of upstream LLVM's lane-level
// propagation test (mlir/test/Dialect/XeGPU/propagate-layout.mlir, the 22-function version),
// one per chunk, for test_vs_mlir.py's differential at layout-kind=lane.

func.func @mm_f16(%a: memref<8x16xf16>, %b: memref<16x16xf16>, %c: memref<8x16xf32>) {
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

// -----
func.func @mm_i8_args(%a: vector<8x32xi8>, %b: vector<32x16xi8>, %c: memref<8x16xi32>) {
  %d = xegpu.dpas %a, %b : vector<8x32xi8>, vector<32x16xi8> -> vector<8x16xi32>
  %tc = xegpu.create_nd_tdesc %c : memref<8x16xi32> -> !xegpu.tensor_desc<8x16xi32>
  xegpu.store_nd %d, %tc[0, 0] : vector<8x16xi32>, !xegpu.tensor_desc<8x16xi32>
  return
}

// -----
func.func @mm_transposing_load(%a: memref<8x16xf16>, %b: memref<16x16xf16>, %c: memref<8x16xf32>) {
  %zero = arith.constant dense<0.0> : vector<8x16xf32>
  %ta = xegpu.create_nd_tdesc %a : memref<8x16xf16> -> !xegpu.tensor_desc<8x16xf16>
  %tb = xegpu.create_nd_tdesc %b : memref<16x16xf16> -> !xegpu.tensor_desc<16x16xf16>
  %va = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
  %vb = xegpu.load_nd %tb[0, 0] <{transpose = array<i64: 1, 0>}> : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
  %d = xegpu.dpas %va, %vb, %zero : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
  %tc = xegpu.create_nd_tdesc %c : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
  xegpu.store_nd %d, %tc[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
  return
}

// -----
func.func @mm_vector_transpose(%a: memref<8x16xf16>, %b: memref<16x16xf16>, %c: memref<8x16xf32>) {
  %zero = arith.constant dense<0.0> : vector<8x16xf32>
  %ta = xegpu.create_nd_tdesc %a : memref<8x16xf16> -> !xegpu.tensor_desc<8x16xf16>
  %tb = xegpu.create_nd_tdesc %b : memref<16x16xf16> -> !xegpu.tensor_desc<16x16xf16>
  %va = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
  %vb = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
  %bt = vector.transpose %vb, [1, 0] : vector<16x16xf16> to vector<16x16xf16>
  %d = xegpu.dpas %va, %bt, %zero : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
  %tc = xegpu.create_nd_tdesc %c : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
  xegpu.store_nd %d, %tc[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
  return
}

// -----
func.func @widen_narrow_b(%ta: !xegpu.tensor_desc<8x16xf16>, %tb: !xegpu.tensor_desc<16x16xf16>) -> vector<8x16xf32> {
  %va = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
  %vb = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
  %w = arith.extf %vb : vector<16x16xf16> to vector<16x16xf32>
  %n = arith.truncf %w : vector<16x16xf32> to vector<16x16xf16>
  %d = xegpu.dpas %va, %n : vector<8x16xf16>, vector<16x16xf16> -> vector<8x16xf32>
  return %d : vector<8x16xf32>
}

// -----
func.func @gather_chunked_b(%a: memref<8x16xf16>, %src: memref<256xf16>, %c: memref<8x16xf32>) {
  %ta = xegpu.create_nd_tdesc %a : memref<8x16xf16> -> !xegpu.tensor_desc<8x16xf16>
  %va = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
  %off = arith.constant dense<[0, 16, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240]> : vector<16xindex>
  %on = arith.constant dense<true> : vector<16xi1>
  %g = xegpu.create_tdesc %src, %off : memref<256xf16>, vector<16xindex> -> !xegpu.tensor_desc<16x16xf16, #xegpu.scatter_tdesc_attr<chunk_size = 16 : i64>>
  %vg = xegpu.load %g, %on : !xegpu.tensor_desc<16x16xf16, #xegpu.scatter_tdesc_attr<chunk_size = 16 : i64>>, vector<16xi1> -> vector<16x16xf16>
  %bt = vector.transpose %vg, [1, 0] : vector<16x16xf16> to vector<16x16xf16>
  %d = xegpu.dpas %va, %bt : vector<8x16xf16>, vector<16x16xf16> -> vector<8x16xf32>
  %tc = xegpu.create_nd_tdesc %c : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
  xegpu.store_nd %d, %tc[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
  return
}

// -----
func.func @gather_rows_to_desc(%src: memref<256xf32>, %out: !xegpu.tensor_desc<16xf32>) {
  %off = arith.constant dense<[0, 16, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240]> : vector<16xindex>
  %on = arith.constant dense<true> : vector<16xi1>
  %g = xegpu.create_tdesc %src, %off : memref<256xf32>, vector<16xindex> -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
  %v = xegpu.load %g, %on : !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1> -> vector<16xf32>
  xegpu.store_nd %v, %out[0] : vector<16xf32>, !xegpu.tensor_desc<16xf32>
  return
}

// -----
func.func @scatter_chunked_const(%dst: memref<128xf32>) {
  %ones = arith.constant dense<1.0> : vector<16x8xf32>
  %on = arith.constant dense<true> : vector<16xi1>
  %off = arith.constant dense<[0, 16, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240]> : vector<16xindex>
  %g = xegpu.create_tdesc %dst, %off : memref<128xf32>, vector<16xindex> -> !xegpu.tensor_desc<16x8xf32, #xegpu.scatter_tdesc_attr<chunk_size = 8 : i64>>
  xegpu.store %ones, %g, %on : vector<16x8xf32>, !xegpu.tensor_desc<16x8xf32, #xegpu.scatter_tdesc_attr<chunk_size = 8 : i64>>, vector<16xi1>
  return
}

// -----
func.func @scatter_arg_rows(%v: vector<16xf32>, %dst: memref<256xf32>) {
  %off = arith.constant dense<[0, 16, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240]> : vector<16xindex>
  %on = arith.constant dense<true> : vector<16xi1>
  %g = xegpu.create_tdesc %dst, %off : memref<256xf32>, vector<16xindex> -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
  xegpu.store %v, %g, %on : vector<16xf32>, !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1>
  return
}

// -----
func.func @reinterpret_i16_operands(%a: memref<8x16xi16>, %b: memref<16x16xi16>, %c: memref<8x16xf32>) {
  %ta = xegpu.create_nd_tdesc %a : memref<8x16xi16> -> !xegpu.tensor_desc<8x16xi16>
  %tb = xegpu.create_nd_tdesc %b : memref<16x16xi16> -> !xegpu.tensor_desc<16x16xi16>
  %va = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<8x16xi16> -> vector<8x16xi16>
  %vb = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<16x16xi16> -> vector<16x16xi16>
  %fa = vector.bitcast %va : vector<8x16xi16> to vector<8x16xf16>
  %fb = vector.bitcast %vb : vector<16x16xi16> to vector<16x16xf16>
  %d = xegpu.dpas %fa, %fb : vector<8x16xf16>, vector<16x16xf16> -> vector<8x16xf32>
  %tc = xegpu.create_nd_tdesc %c : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
  xegpu.store_nd %d, %tc[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
  return
}

// -----
func.func @sum_then_b(%ta: !xegpu.tensor_desc<8x16xf16>, %tb: !xegpu.tensor_desc<16x16xf16>, %tc: !xegpu.tensor_desc<8x16xf32>) {
  %va = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
  %x = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
  %y = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
  %s = arith.addf %x, %y : vector<16x16xf16>
  %d = xegpu.dpas %va, %s : vector<8x16xf16>, vector<16x16xf16> -> vector<8x16xf32>
  xegpu.store_nd %d, %tc[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
  return
}

// -----
func.func @sum_to_b_and_store(%ta: !xegpu.tensor_desc<8x16xf16>, %tb: !xegpu.tensor_desc<16x16xf16>, %tc: !xegpu.tensor_desc<8x16xf32>, %ts: !xegpu.tensor_desc<16x16xf16>) {
  %va = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
  %x = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
  %one = arith.constant dense<1.0> : vector<16x16xf16>
  %s = arith.addf %x, %one : vector<16x16xf16>
  %d = xegpu.dpas %va, %s : vector<8x16xf16>, vector<16x16xf16> -> vector<8x16xf32>
  xegpu.store_nd %d, %tc[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
  xegpu.store_nd %s, %ts[0, 0] : vector<16x16xf16>, !xegpu.tensor_desc<16x16xf16>
  return
}

// -----
func.func @k_loop(%a: memref<8x128xf16>, %b: memref<128x16xf16>, %c: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %ta = xegpu.create_nd_tdesc %a : memref<8x128xf16> -> !xegpu.tensor_desc<8x16xf16>
  %tb = xegpu.create_nd_tdesc %b : memref<128x16xf16> -> !xegpu.tensor_desc<16x16xf16>
  %zero = arith.constant dense<0.0> : vector<8x16xf32>
  %acc = scf.for %k = %c0 to %c128 step %c16 iter_args(%sum = %zero) -> (vector<8x16xf32>) {
    %va = xegpu.load_nd %ta[0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
    %vb = xegpu.load_nd %tb[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
    %d = xegpu.dpas %va, %vb, %sum : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
    scf.yield %d : vector<8x16xf32>
  }
  %tc = xegpu.create_nd_tdesc %c : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
  xegpu.store_nd %acc, %tc[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
  return
}

// -----
func.func @branch_b(%ta: !xegpu.tensor_desc<8x16xf16>, %tb: !xegpu.tensor_desc<16x16xf16>, %p: i1, %tc: !xegpu.tensor_desc<8x16xf32>) {
  %va = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
  %vb = scf.if %p -> (vector<16x16xf16>) {
    %x = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
    scf.yield %x : vector<16x16xf16>
  } else {
    %y = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
    scf.yield %y : vector<16x16xf16>
  }
  %d = xegpu.dpas %va, %vb : vector<8x16xf16>, vector<16x16xf16> -> vector<8x16xf32>
  xegpu.store_nd %d, %tc[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
  return
}

// -----
func.func @branch_b_and_store(%ta: !xegpu.tensor_desc<8x16xf16>, %tb: !xegpu.tensor_desc<16x16xf16>, %p: i1, %tc: !xegpu.tensor_desc<8x16xf32>, %ts: !xegpu.tensor_desc<16x16xf16>) {
  %va = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
  %vb = scf.if %p -> (vector<16x16xf16>) {
    %x = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
    scf.yield %x : vector<16x16xf16>
  } else {
    %y = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
    scf.yield %y : vector<16x16xf16>
  }
  %d = xegpu.dpas %va, %vb : vector<8x16xf16>, vector<16x16xf16> -> vector<8x16xf32>
  xegpu.store_nd %d, %tc[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
  xegpu.store_nd %vb, %ts[0, 0] : vector<16x16xf16>, !xegpu.tensor_desc<16x16xf16>
  return
}

// -----
func.func @column_sums(%x: vector<16x16xf32>, %out: !xegpu.tensor_desc<16xf32>) {
  %z = arith.constant dense<0.0> : vector<16xf32>
  %s = vector.multi_reduction <add>, %x, %z [0] : vector<16x16xf32> to vector<16xf32>
  xegpu.store_nd %s, %out[0] : vector<16xf32>, !xegpu.tensor_desc<16xf32>
  return
}

// -----
func.func @row_sums(%x: vector<16x16xf32>, %out: !xegpu.tensor_desc<16xf32>) {
  %z = arith.constant dense<0.0> : vector<16xf32>
  %s = vector.multi_reduction <add>, %x, %z [1] : vector<16x16xf32> to vector<16xf32>
  xegpu.store_nd %s, %out[0] : vector<16xf32>, !xegpu.tensor_desc<16xf32>
  return
}

// -----
func.func @moved_desc_1d(%m: memref<256xf32>) {
  %c32 = arith.constant 32 : index
  %ones = arith.constant dense<1.0> : vector<16xf32>
  %t = xegpu.create_nd_tdesc %m : memref<256xf32> -> !xegpu.tensor_desc<16xf32>
  %u = xegpu.update_nd_offset %t, [%c32] : !xegpu.tensor_desc<16xf32>
  xegpu.store_nd %ones, %u[0] : vector<16xf32>, !xegpu.tensor_desc<16xf32>
  return
}

// -----
func.func @moved_desc_2d(%m: memref<256x256xf32>) {
  %c32 = arith.constant 32 : index
  %ones = arith.constant dense<1.0> : vector<16x16xf32>
  %t = xegpu.create_nd_tdesc %m : memref<256x256xf32> -> !xegpu.tensor_desc<16x16xf32>
  %u = xegpu.update_nd_offset %t, [%c32, %c32] : !xegpu.tensor_desc<16x16xf32>
  xegpu.store_nd %ones, %u[0, 0] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
  return
}

// -----
func.func @warm_2d(%m: memref<256x256xf16>) {
  %t = xegpu.create_nd_tdesc %m : memref<256x256xf16> -> !xegpu.tensor_desc<16x16xf16>
  xegpu.prefetch_nd %t[0, 0] <{l1_hint = #xegpu.cache_hint<cached>, l2_hint = #xegpu.cache_hint<uncached>}> : !xegpu.tensor_desc<16x16xf16>
  return
}

// -----
func.func @warm_1d(%m: memref<256xf16>) {
  %t = xegpu.create_nd_tdesc %m : memref<256xf16> -> !xegpu.tensor_desc<16xf16>
  xegpu.prefetch_nd %t[0] <{l1_hint = #xegpu.cache_hint<cached>, l2_hint = #xegpu.cache_hint<uncached>}> : !xegpu.tensor_desc<16xf16>
  return
}

// -----
func.func @while_copy(%src: memref<256xf32>, %dst: memref<256xf32>) {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %c256 = arith.constant 256 : i32
  %ts = xegpu.create_nd_tdesc %src : memref<256xf32> -> !xegpu.tensor_desc<16xf32>
  %first = xegpu.load_nd %ts[0] : !xegpu.tensor_desc<16xf32> -> vector<16xf32>
  %td = xegpu.create_nd_tdesc %dst : memref<256xf32> -> !xegpu.tensor_desc<16xf32>
  %r:3 = scf.while (%v = %first, %i = %c0, %t = %ts) : (vector<16xf32>, i32, !xegpu.tensor_desc<16xf32>) -> (vector<16xf32>, i32, !xegpu.tensor_desc<16xf32>) {
    %go = arith.cmpi slt, %i, %c256 : i32
    scf.condition(%go) %v, %i, %t : vector<16xf32>, i32, !xegpu.tensor_desc<16xf32>
  } do {
  ^bb0(%v: vector<16xf32>, %i: i32, %t: !xegpu.tensor_desc<16xf32>):
    xegpu.store_nd %v, %td[0] : vector<16xf32>, !xegpu.tensor_desc<16xf32>
    %i2 = arith.addi %i, %c16 : i32
    %t2 = xegpu.update_nd_offset %t, [16] : !xegpu.tensor_desc<16xf32>
    %v2 = xegpu.load_nd %t2[0] : !xegpu.tensor_desc<16xf32> -> vector<16xf32>
    scf.yield %v2, %i2, %t2 : vector<16xf32>, i32, !xegpu.tensor_desc<16xf32>
  }
  return
}
