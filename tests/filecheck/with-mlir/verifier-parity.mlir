// RUN: wgdist-opt %s --split-input-file --verify-diagnostics -o /dev/null
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics -o /dev/null

// Verifier parity: every case is rejected by wgdist and by mlir-opt 22 with LLVM 22's wording
// (wgdist appends the numbers), or draws the same warning; the accepted forms next to these
// rules are in dialects/{vector,xegpu}/ops.mlir and with-mlir/vector-llvm22-forms.mlir.

func.func @f(%a: vector<f32>, %b: vector<4xf32>) {
  // expected-error@below {{rank mismatch}}
  %0 = vector.shuffle %a, %b [0, 1] : vector<f32>, vector<4xf32>
  return
}

// -----

func.func @f(%a: vector<4x2xf32>, %b: vector<4x3xf32>) {
  // expected-error@below {{dimension mismatch}}
  %0 = vector.shuffle %a, %b [0, 1] : vector<4x2xf32>, vector<4x3xf32>
  return
}

// -----

func.func @f(%a: vector<4xf32>) {
  // expected-error@below {{mask index #2 out of range}}
  %0 = vector.shuffle %a, %a [0, 8] : vector<4xf32>, vector<4xf32>
  return
}

// -----

func.func @f(%a: vector<4xf32>) {
  // expected-error@below {{invalid mask length}}
  %0 = vector.shuffle %a, %a [] : vector<4xf32>, vector<4xf32>
  return
}

// -----

func.func @f(%a: vector<4xf32>) {
  // expected-error@below {{mask length mismatch}}
  %0 = "vector.shuffle"(%a, %a) <{mask = array<i64: 0, 1>}> : (vector<4xf32>, vector<4xf32>) -> vector<3xf32>
  return
}

// -----

func.func @f(%a: vector<[4]xf32>) {
  // expected-error@below {{operand #0 must be}}
  %0 = vector.shuffle %a, %a [0] : vector<[4]xf32>, vector<[4]xf32>
  return
}

// -----

func.func @f(%a: vector<4xf32>, %b: vector<4xf16>) {
  // expected-error@below {{failed to verify that second operand v2 and result have same element type}}
  %0 = vector.shuffle %a, %b [0, 1] : vector<4xf32>, vector<4xf16>
  return
}

// -----

func.func @f(%v: vector<4x4xf32>) {
  // expected-error@below {{failed to verify that all of {source, result} have same rank}}
  %0 = vector.bitcast %v : vector<4x4xf32> to vector<16xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>) {
  // expected-error@below {{dimension size mismatch at: 0}}
  %0 = vector.bitcast %v : vector<4x8xf32> to vector<2x16xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>) {
  // expected-error@below {{source/result bitwidth of the minor 1-D vectors must be equal}}
  %0 = vector.bitcast %v : vector<4x8xf32> to vector<4x4xf32>
  return
}

// -----

func.func @f(%v: vector<f32>) {
  // expected-error@below {{source/result bitwidth of the 0-D vector element types must be equal}}
  %0 = vector.bitcast %v : vector<f32> to vector<f16>
  return
}

// -----

func.func @f(%v: vector<4xindex>) {
  // expected-error@below {{source/result bitwidth of the minor 1-D vectors must be equal}}
  %0 = vector.bitcast %v : vector<4xindex> to vector<4xi32>
  return
}

// -----

func.func @f() {
  // expected-error@below {{must specify exactly one operand for 0-D create_mask}}
  %0 = vector.create_mask : vector<i1>
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@below {{must specify an operand for each result vector dimension}}
  %0 = vector.create_mask %i, %i : vector<4xi1>
  return
}

// -----

func.func @f() {
  // expected-error@below {{mask dim size must be either 0 or 1 for 0-D vectors}}
  %0 = vector.constant_mask [2] : vector<i1>
  return
}

// -----

func.func @f() {
  // expected-error@below {{array attr must have length 1 for 0-D vectors}}
  %0 = vector.constant_mask [] : vector<i1>
  return
}

// -----

func.func @f(%v: vector<4xf32>) {
  // expected-error@below {{unsupported reduction type}}
  %r = vector.reduction <xor>, %v : vector<4xf32> into f32
  return
}

// -----

func.func @f(%v: vector<4xi32>) {
  // expected-error@below {{unsupported reduction type}}
  %r = vector.reduction <maximumf>, %v : vector<4xi32> into i32
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index) {
  // expected-error@below {{destination memref has lower rank than the result vector}}
  %0 = vector.load %m[%i] : memref<4xf32>, vector<2x4xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xvector<8xf32>>, %i: index) {
  // expected-error@below {{base memref and result vector types should match}}
  %0 = vector.load %m[%i, %i] : memref<4x4xvector<8xf32>>, vector<4xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %i: index) {
  // expected-error@below {{base and result element types should match}}
  %0 = vector.load %m[%i, %i] : memref<4x4xf32>, vector<8xf16>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %i: index) {
  // expected-error@below {{requires 2 indices}}
  %0 = vector.load %m[%i] : memref<4x4xf32>, vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32, strided<[1, 4]>>, %i: index) {
  // expected-error@below {{most minor memref dim must have unit stride}}
  %0 = vector.load %m[%i, %i] : memref<4x4xf32, strided<[1, 4]>>, vector<4xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %i: index) {
  // expected-error@below {{attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = vector.load %m[%i, %i] {alignment = 3} : memref<4x4xf32>, vector<4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index, %v: vector<2x4xf32>) {
  // expected-error@below {{source memref has lower rank than the vector to store}}
  vector.store %v, %m[%i] : memref<4xf32>, vector<2x4xf32>
  return
}

// -----

func.func @f(%m: memref<4xvector<8xf32>>, %i: index, %v: vector<4xf32>) {
  // expected-error@below {{base memref and valueToStore vector types should match}}
  vector.store %v, %m[%i] : memref<4xvector<8xf32>>, vector<4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index, %v: vector<4xf16>) {
  // expected-error@below {{base and valueToStore element type should match}}
  vector.store %v, %m[%i] : memref<4xf32>, vector<4xf16>
  return
}

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@below {{operand #0 must be}}
  vector.print %m : memref<4xf32>
  return
}

// -----

func.func @f() {
  // expected-error@below {{failed to verify that `source` or `punctuation` are not set when printing strings}}
  "vector.print"() <{punctuation = #vector.punctuation<comma>, stringLiteral = "x"}> : () -> ()
  return
}

// -----

func.func @f(%p: ui64) {
  %off = arith.constant dense<0> : vector<16xindex>
  // expected-error@below {{offset_align_byte is required with integer source.}}
  xegpu.prefetch %p[%off] : ui64, vector<16xindex>
  return
}

// -----

func.func @f(%m: memref<64x64xf16>, %v: vector<2x8x16xf16>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>
  // expected-error@below {{array length is not supported by store_nd.}}
  xegpu.store_nd %v, %t[0, 0] : vector<2x8x16xf16>, !xegpu.tensor_desc<8x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>
  return
}

// -----

func.func @f(%a: vector<8xf16>, %b: vector<15xf16>) {
  // expected-error@below {{Expecting B operand to be a multiple of 32 bits.}}
  %r = xegpu.dpas %a, %b : vector<8xf16>, vector<15xf16> -> vector<8xf32>
  return
}

// -----

func.func @f(%a: vector<8x16xf16>, %b: vector<16x16xbf16>) {
  // expected-error@below {{failed to verify that all of {lhs, rhs} have same element type}}
  %r = xegpu.dpas %a, %b : vector<8x16xf16>, vector<16x16xbf16> -> vector<8x16xf32>
  return
}

// -----

func.func @f(%m: !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16]>>, %v: vector<16x16xf32>) {
  // expected-error@below {{With subgroup_block_io, accessed data must be contiguous and coalesced.}}
  xegpu.store_matrix %v, %m[0, 0] {subgroup_block_io, layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>} : vector<16x16xf32>, !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16]>>
  return
}

// -----

func.func @f(%m: !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16]>>) {
  // expected-error@below {{With subgroup_block_io, the block shape must match the lane layout.}}
  %v = xegpu.load_matrix %m[0, 0] {subgroup_block_io, layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>} : !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16]>> -> vector<16x16xf32>
  return
}

// -----

func.func @f(%m: !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<stride = [1, 32], block = [1, 16]>>, %v: vector<16x16xf32>) {
  // expected-error@below {{With subgroup_block_io, the distributed dimensions must be contiguous.}}
  xegpu.store_matrix %v, %m[0, 0] {subgroup_block_io, layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>} : vector<16x16xf32>, !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<stride = [1, 32], block = [1, 16]>>
  return
}

// -----

func.func @f(%m: !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<stride = [1, 32], block = [16, 16]>>, %v: vector<16xf32>) {
  // expected-error@below {{mem_desc should be row major when subgroup_block_io is set.}}
  xegpu.store_matrix %v, %m[0, 0] {subgroup_block_io} : vector<16xf32>, !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<stride = [1, 32], block = [16, 16]>>
  return
}

// -----

func.func @f(%m: memref<64xf16>) {
  %t = xegpu.create_nd_tdesc %m : memref<64xf16> -> !xegpu.tensor_desc<32xf16>
  // expected-warning@+1 {{Invalid Packed Attr. It is ignored (available for 2D TensorDesc only).}}
  %v = xegpu.load_nd %t[0] <{packed}> : !xegpu.tensor_desc<32xf16> -> vector<32xf16>
  return
}

// -----

func.func @f(%m: memref<64x64xf16>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
  // expected-warning@+1 {{Invalid transpose attr. It is ignored.}}
  %v = xegpu.load_nd %t[0, 0] <{transpose = array<i64: 1, 2>}> : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
  return
}

// -----

func.func @f(%v: vector<1x4xf32>) {
  // expected-error@below {{dimension mismatch (4 vs. [4])}}
  %0 = vector.broadcast %v : vector<1x4xf32> to vector<4x[4]xf32>
  return
}

// -----

func.func @f(%m: memref<16xf32>, %i: index, %mask: vector<4xi1>, %p: vector<8xf32>) {
  // expected-error@below {{expected result shape to match mask shape}}
  %0 = vector.maskedload %m[%i], %mask, %p : memref<16xf32>, vector<4xi1>, vector<8xf32> into vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<16xf32>, %i: index, %mask: vector<4xi1>, %p: vector<8xf32>) {
  // expected-error@below {{expected valueToStore shape to match mask shape}}
  vector.maskedstore %m[%i], %mask, %p : memref<16xf32>, vector<4xi1>, vector<8xf32>
  return
}

// -----

func.func @f(%slm: memref<4096xi8, 1>) {
  // expected-error@below {{operand #0 must be reside in share memory and statically 1d}}
  %md = xegpu.create_mem_desc %slm : memref<4096xi8, 1> -> !xegpu.mem_desc<32x32xf32>
  return
}

// -----

func.func @f(%a: vector<8x16xindex>, %b: vector<16x16xindex>) {
  // expected-error@below {{operand #0 must be fixed-length vector of}}
  %r = xegpu.dpas %a, %b : vector<8x16xindex>, vector<16x16xindex> -> vector<8x16xindex>
  return
}
