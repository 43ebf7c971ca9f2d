// RUN: WG_VERIFY_DIAG | filecheck %s

// One verifier (or parser) message per chunk, each naming the numbers at fault.

func.func @f0(%v: vector<4x8xf32>, %acc: vector<8xf32>) {
  %0 = vector.multi_reduction <add>, %v, %acc [1] : vector<4x8xf32> to vector<8xf32>
  return
}

// CHECK: destination type 'vector<8xf32>' is incompatible with source type 'vector<4x8xf32>' (expected vector<4xf32>, the source with dimensions [1] reduced)

// -----

func.func @f1(%v: vector<4x8xf32>, %acc: vector<4xf32>) {
  %0 = vector.multi_reduction <add>, %v, %acc [2] : vector<4x8xf32> to vector<4xf32>
  return
}

// CHECK: destination type 'vector<4xf32>' is incompatible with source type 'vector<4x8xf32>' (reduction dimension 2 is out of range [0, 2))

// -----

func.func @f2(%v: vector<4x8xf32>, %acc: f32) {
  %0 = vector.multi_reduction <add>, %v, %acc [1] : vector<4x8xf32> to f32
  return
}

// CHECK: destination type 'f32' is incompatible with source type 'vector<4x8xf32>' (expected vector<4xf32>, the source with dimensions [1] reduced)

// -----

func.func @f3(%v: vector<4x8xf32>, %acc: vector<4xf16>) {
  %0 = vector.multi_reduction <add>, %v, %acc [1] : vector<4x8xf32> to vector<4xf16>
  return
}

// CHECK: failed to verify that source operand and result have same element type (f32 vs. f16)

// -----

func.func @f4(%v: vector<4x8xf32>, %acc: vector<4xf32>) {
  %0 = "vector.multi_reduction"(%v, %acc) <{kind = #vector.kind<add>, reduction_dims = array<i64: 1>}> : (vector<4x8xf32>, vector<4xf32>) -> vector<8xf32>
  return
}

// CHECK: attribute vector<4xf32> expected from variable 'T', but got vector<8xf32>

// -----

func.func @f5(%v: vector<4x8xf32>) {
  %0 = vector.transpose %v, [1, 1] : vector<4x8xf32> to vector<8x4xf32>
  return
}

// CHECK: duplicate position index: 1 (permutation [1, 1])

// -----

func.func @f6(%v: vector<4x8xf32>) {
  %0 = vector.transpose %v, [1, 0, 2] : vector<4x8xf32> to vector<8x4xf32>
  return
}

// CHECK: transposition length mismatch: 3 (permutation [1, 0, 2], rank 2)

// -----

func.func @f7(%v: vector<4x8xf32>) {
  %0 = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<8x8xf32>
  return
}

// CHECK: dimension size mismatch at: 0 (result dim 1 is 8, source dim 0 is 4)

// -----

func.func @f8(%v: vector<4x8xf32>) {
  %0 = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<8x4xf16>
  return
}

// CHECK: failed to verify that operand and result have same element type (f32 vs. f16)

// -----

func.func @f9(%v: vector<4x8xf32>) {
  %0 = vector.shape_cast %v : vector<4x8xf32> to vector<3x8xf32>
  return
}

// CHECK: has different number of elements at source (32) and result (24) (vector<4x8xf32> vs. vector<3x8xf32>)

// -----

func.func @f10(%v: vector<4x8xf32>) {
  %0 = vector.shape_cast %v : vector<4x8xf32> to vector<4x8xf16>
  return
}

// CHECK: has different source and result element types (vector<4x8xf32> vs. vector<4x8xf16>)

// -----

func.func @f11(%v: vector<4x8xf32>) {
  %0 = vector.shape_cast %v : vector<4x8xf32> to vector<[4]x8xf32>
  return
}

// CHECK: has different number of scalable dims at source (0) and result (1) (vector<4x8xf32> vs. vector<[4]x8xf32>)

// -----

func.func @f12() {
  %0 = vector.step : vector<4x2xindex>
  return
}

// CHECK: result #0 must be vector of index values of ranks 1, but got 'vector<4x2xindex>'

// -----

func.func @f13() {
  %0 = vector.step : vector<4xi32>
  return
}

// CHECK: result #0 must be vector of index values of ranks 1, but got 'vector<4xi32>'

// -----

func.func @f14() {
  %0 = vector.constant_mask [5, 2] : vector<4x3xi1>
  return
}

// CHECK: 'vector.constant_mask' op array attr of size out of bounds of vector result dimension size (mask_dim_sizes[0] = 5, dimension 0 is 4)

// -----

func.func @f15() {
  %0 = vector.constant_mask [2, -1] : vector<4x3xi1>
  return
}

// CHECK: 'vector.constant_mask' op array attr of size out of bounds of vector result dimension size (mask_dim_sizes[1] = -1, dimension 1 is 3)

// -----

func.func @f16() {
  %0 = vector.constant_mask [2] : vector<4x3xi1>
  return
}

// CHECK: 'vector.constant_mask' op must specify array attr of size equal vector result rank (mask_dim_sizes [2] has 1 entry, vector<4x3xi1> has rank 2)

// -----

func.func @f17() {
  %0 = vector.constant_mask [0, 2] : vector<4x3xi1>
  return
}

// CHECK: 'vector.constant_mask' op expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim (mask_dim_sizes [0, 2])

// -----

func.func @f18() {
  %0 = vector.constant_mask [2] : vector<[4]xi1>
  return
}

// CHECK: 'vector.constant_mask' op only supports 'none set' or 'all set' scalable dimensions (mask_dim_sizes[0] = 2, scalable dimension 0 is 4)

// -----

func.func @f19(%v: vector<4x8xf32>) {
  %0 = vector.extract_strided_slice %v {offsets = [3, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  return
}

// CHECK: expected sum(offsets, sizes) dimension 0 to be confined to [1, 5) (offset 3 + size 2 = 5)

// -----

func.func @f20(%v: vector<4x8xf32>) {
  %0 = vector.extract_strided_slice %v {offsets = [0, 9], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  return
}

// CHECK: expected offsets dimension 1 to be confined to [0, 8) (offsets[1] = 9)

// -----

func.func @f21(%v: vector<4x8xf32>) {
  %0 = vector.extract_strided_slice %v {offsets = [0, 2], sizes = [2, 0], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  return
}

// CHECK: expected sizes dimension 1 to be confined to [1, 9) (sizes[1] = 0)

// -----

func.func @f22(%v: vector<4x8xf32>) {
  %0 = vector.extract_strided_slice %v {offsets = [0, 2], sizes = [2, 4], strides = [1, 2]} : vector<4x8xf32> to vector<2x4xf32>
  return
}

// CHECK: expected strides to be confined to [1, 2) (strides[1] = 2; only unit strides are supported)

// -----

func.func @f23(%v: vector<4x8xf32>) {
  %0 = vector.extract_strided_slice %v {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x5xf32>
  return
}

// CHECK: expected result type to be 'vector<2x4xf32>' (got 'vector<2x5xf32>')

// -----

func.func @f24(%v: vector<4x8xf32>) {
  %0 = vector.extract_strided_slice %v {offsets = [0, 2, 1], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  return
}

// CHECK: expected offsets, sizes and strides attributes of same size (offsets [0, 2, 1], sizes [2, 4], strides [1, 1])

// -----

func.func @f25(%v: vector<4x8xf32>) {
  %0 = vector.extract_strided_slice %v {offsets = [0, 0, 0], sizes = [1, 1, 1], strides = [1, 1, 1]} : vector<4x8xf32> to vector<1x1xf32>
  return
}

// CHECK: expected offsets attribute of rank no greater than vector rank (3 entries, vector<4x8xf32> has rank 2)

// -----

func.func @f26(%v: vector<[4]x8xf32>) {
  %0 = vector.extract_strided_slice %v {offsets = [0], sizes = [2], strides = [1]} : vector<[4]x8xf32> to vector<[2]x8xf32>
  return
}

// CHECK: expected size at idx=0 to match the corresponding base size from the input vector (2 vs 4)

// -----

func.func @f27(%v: vector<4x8xf32>) {
  %0 = vector.extract_strided_slice %v {offsets = [0], strides = [1]} : vector<4x8xf32> to vector<2x8xf32>
  return
}

// CHECK: vector.extract_strided_slice expects 'sizes' in its attribute dictionary

// -----

func.func @f28(%v: vector<4x8xf32>, %w: vector<2x4xf32>) {
  %0 = vector.insert_strided_slice %w, %v {offsets = [0, 5], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
  return
}

// CHECK: expected sum(offsets, source vector shape) dimension 1 to be confined to [1, 9) (offset 5 + size 4 = 9)

// -----

func.func @f29(%v: vector<4x8xf32>, %w: vector<2x4xf32>) {
  %0 = vector.insert_strided_slice %w, %v {offsets = [4, 0], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
  return
}

// CHECK: expected offsets dimension 0 to be confined to [0, 4) (offsets[0] = 4)

// -----

func.func @f30(%v: vector<4x8xf32>, %w: vector<2x4xf32>) {
  %0 = vector.insert_strided_slice %w, %v {offsets = [0], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
  return
}

// CHECK: expected offsets of same size as destination vector rank (1 entry, vector<4x8xf32> has rank 2)

// -----

func.func @f31(%v: vector<4x8xf32>, %w: vector<2x4xf32>) {
  %0 = vector.insert_strided_slice %w, %v {offsets = [0, 0], strides = [1]} : vector<2x4xf32> into vector<4x8xf32>
  return
}

// CHECK: expected strides of same size as source vector rank (1 entry, vector<2x4xf32> has rank 2)

// -----

func.func @f32(%v: vector<4x8xf32>, %w: vector<2x4xf16>) {
  %0 = vector.insert_strided_slice %w, %v {offsets = [0, 0], strides = [1, 1]} : vector<2x4xf16> into vector<4x8xf32>
  return
}

// CHECK: failed to verify that operand #0 and result have same element type (f16 vs. f32)

// -----

func.func @f33(%v: vector<4x8xf32>, %w: vector<2x4xf32>) {
  %0 = vector.insert_strided_slice %w, %v {offsets = [0, 0], strides = [3, 1]} : vector<2x4xf32> into vector<4x8xf32>
  return
}

// CHECK: expected strides to be confined to [1, 2) (strides[0] = 3; only unit strides are supported)

// -----

func.func @f34(%v: vector<4x8xf32>, %w: vector<2x4x8xf32>) {
  %0 = vector.insert_strided_slice %w, %v {offsets = [0, 0, 0], strides = [1, 1, 1]} : vector<2x4x8xf32> into vector<4x8xf32>
  return
}

// CHECK: expected offsets of same size as destination vector rank (3 entries, vector<4x8xf32> has rank 2)

// -----

func.func @f35(%v: vector<4x[8]xf32>, %w: vector<[4]xf32>) {
  %0 = vector.insert_strided_slice %w, %v {offsets = [1, 0], strides = [1]} : vector<[4]xf32> into vector<4x[8]xf32>
  return
}

// CHECK: expected size at idx=0 to match the corresponding base size from the input vector (4 vs 8)

// -----

func.func @f(%w: vector<8xf32>) {
  %r = vector.broadcast %w : vector<8xf32> to vector<8x4xf32>
  return
}

// CHECK: 'vector.broadcast' op dimension mismatch (8 vs. 4): dim 0 of vector<8xf32> must be 1 or equal dim 1 of vector<8x4xf32>

// -----

func.func @f(%v: vector<4x8xf32>) {
  %r = vector.broadcast %v : vector<4x8xf32> to vector<8xf32>
  return
}

// CHECK: 'vector.broadcast' op source rank higher than destination rank (vector<4x8xf32> has rank 2, vector<8xf32> has rank 1)

// -----

func.func @f(%v: vector<4x8xf32>) {
  %r = vector.extract %v[5] : vector<8xf32> from vector<4x8xf32>
  return
}

// CHECK: 'vector.extract' op expected position attribute #1 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1): position 5, dimension 4 of vector<4x8xf32>

// -----

func.func @f(%v: vector<4x8xf32>, %s: f32) {
  %r = vector.insert %s, %v[0, 8] : f32 into vector<4x8xf32>
  return
}

// CHECK: 'vector.insert' op expected position attribute #2 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1): position 8, dimension 8 of vector<4x8xf32>

// -----

func.func @f(%v: vector<4x8xf32>) {
  %r = "vector.reduction"(%v) <{kind = #vector.kind<add>}> : (vector<4x8xf32>) -> f32
  return
}

// CHECK: 'vector.reduction' op unsupported reduction rank: 2 (vector<4x8xf32>; expected 0-D or 1-D)

// -----

func.func @f(%a: vector<f32>, %b: vector<4xf32>) {
  %0 = vector.shuffle %a, %b [0, 1] : vector<f32>, vector<4xf32>
  return
}

// CHECK: 'vector.shuffle' op rank mismatch (v1 vector<f32> has rank 0, v2 vector<4xf32> has rank 1, result vector<2xf32> has rank 1)

// -----

func.func @f(%a: vector<4x2xf32>, %b: vector<4x3xf32>) {
  %0 = vector.shuffle %a, %b [0, 1] : vector<4x2xf32>, vector<4x3xf32>
  return
}

// CHECK: 'vector.shuffle' op dimension mismatch (dimension 1: v1 2, v2 3, result 2)

// -----

func.func @f(%a: vector<4xf32>) {
  %0 = vector.shuffle %a, %a [0, 8] : vector<4xf32>, vector<4xf32>
  return
}

// CHECK: 'vector.shuffle' op mask index #2 out of range (8 is not in [0, 8) or poison (-1))

// -----

func.func @f(%a: vector<4xf32>) {
  %0 = vector.shuffle %a, %a [] : vector<4xf32>, vector<4xf32>
  return
}

// CHECK: 'vector.shuffle' op invalid mask length (the mask is empty)

// -----

func.func @f(%a: vector<4xf32>) {
  %0 = "vector.shuffle"(%a, %a) <{mask = array<i64: 0, 1>}> : (vector<4xf32>, vector<4xf32>) -> vector<3xf32>
  return
}

// CHECK: 'vector.shuffle' op mask length mismatch (2 mask entries, result leading dimension 3)

// -----

func.func @f(%a: vector<[4]xf32>) {
  %0 = vector.shuffle %a, %a [0] : vector<[4]xf32>, vector<[4]xf32>
  return
}

// CHECK: 'vector.shuffle' op operand #0 must be fixed-length vector of any type values, but got 'vector<[4]xf32>'

// -----

func.func @f(%a: vector<4xf32>, %b: vector<4xf16>) {
  %0 = vector.shuffle %a, %b [0, 1] : vector<4xf32>, vector<4xf16>
  return
}

// CHECK: 'vector.shuffle' op failed to verify that second operand v2 and result have same element type (f32, f16 vs. f32)

// -----

func.func @f(%v: vector<4x4xf32>) {
  %0 = vector.bitcast %v : vector<4x4xf32> to vector<16xf32>
  return
}

// CHECK: 'vector.bitcast' op failed to verify that all of {source, result} have same rank (vector<4x4xf32> has rank 2, vector<16xf32> has rank 1)

// -----

func.func @f(%v: vector<4x8xf32>) {
  %0 = vector.bitcast %v : vector<4x8xf32> to vector<2x16xf32>
  return
}

// CHECK: 'vector.bitcast' op dimension size mismatch at: 0 (4 vs. 2)

// -----

func.func @f(%v: vector<4x8xf32>) {
  %0 = vector.bitcast %v : vector<4x8xf32> to vector<4x4xf32>
  return
}

// CHECK: 'vector.bitcast' op source/result bitwidth of the minor 1-D vectors must be equal (8 x 32 bits vs. 4 x 32 bits)

// -----

func.func @f(%v: vector<f32>) {
  %0 = vector.bitcast %v : vector<f32> to vector<f16>
  return
}

// CHECK: 'vector.bitcast' op source/result bitwidth of the 0-D vector element types must be equal (32 vs. 16)

// -----

func.func @f(%v: vector<4xindex>) {
  %0 = vector.bitcast %v : vector<4xindex> to vector<4xi32>
  return
}

// CHECK: 'vector.bitcast' op source/result bitwidth of the minor 1-D vectors must be equal (4 x 64 bits vs. 4 x 32 bits)

// -----

func.func @f() {
  %0 = vector.create_mask : vector<i1>
  return
}

// CHECK: 'vector.create_mask' op must specify exactly one operand for 0-D create_mask (got 0)

// -----

func.func @f(%i: index) {
  %0 = vector.create_mask %i, %i : vector<4xi1>
  return
}

// CHECK: 'vector.create_mask' op must specify an operand for each result vector dimension (2 operands, vector<4xi1> has rank 1)

// -----

func.func @f() {
  %0 = vector.constant_mask [2] : vector<i1>
  return
}

// CHECK: 'vector.constant_mask' op mask dim size must be either 0 or 1 for 0-D vectors (got 2)

// -----

func.func @f() {
  %0 = vector.constant_mask [] : vector<i1>
  return
}

// CHECK: 'vector.constant_mask' op array attr must have length 1 for 0-D vectors (mask_dim_sizes [] has 0 entries)

// -----

func.func @f(%v: vector<4xf32>) {
  %r = vector.reduction <xor>, %v : vector<4xf32> into f32
  return
}

// CHECK: 'vector.reduction' op unsupported reduction type 'f32' for kind 'xor'

// -----

func.func @f(%v: vector<4xi32>) {
  %r = vector.reduction <maximumf>, %v : vector<4xi32> into i32
  return
}

// CHECK: 'vector.reduction' op unsupported reduction type 'i32' for kind 'maximumf'

// -----

func.func @f(%m: memref<4xf32>, %i: index) {
  %0 = vector.load %m[%i] : memref<4xf32>, vector<2x4xf32>
  return
}

// CHECK: 'vector.load' op destination memref has lower rank than the result vector (memref<4xf32> has rank 1, vector<2x4xf32> has rank 2)

// -----

func.func @f(%m: memref<4x4xvector<8xf32>>, %i: index) {
  %0 = vector.load %m[%i, %i] : memref<4x4xvector<8xf32>>, vector<4xf32>
  return
}

// CHECK: 'vector.load' op base memref and result vector types should match (vector<8xf32> vs. vector<4xf32>)

// -----

func.func @f(%m: memref<4x4xf32>, %i: index) {
  %0 = vector.load %m[%i, %i] : memref<4x4xf32>, vector<8xf16>
  return
}

// CHECK: 'vector.load' op base and result element types should match (f32 vs. f16)

// -----

func.func @f(%m: memref<4x4xf32>, %i: index) {
  %0 = vector.load %m[%i] : memref<4x4xf32>, vector<8xf32>
  return
}

// CHECK: 'vector.load' op requires 2 indices (got 1 for memref<4x4xf32>)

// -----

func.func @f(%m: memref<4x4xf32, strided<[1, 4]>>, %i: index) {
  %0 = vector.load %m[%i, %i] : memref<4x4xf32, strided<[1, 4]>>, vector<4xf32>
  return
}

// CHECK: 'vector.load' op most minor memref dim must have unit stride (stride 4 in memref<4x4xf32, strided<[1, 4]>>)

// -----

func.func @f(%m: memref<4x4xf32>, %i: index) {
  %0 = vector.load %m[%i, %i] {alignment = 3} : memref<4x4xf32>, vector<4xf32>
  return
}

// CHECK: 'vector.load' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0 (alignment = 3)

// -----

func.func @f(%m: memref<4xf32>, %i: index, %v: vector<2x4xf32>) {
  vector.store %v, %m[%i] : memref<4xf32>, vector<2x4xf32>
  return
}

// CHECK: 'vector.store' op source memref has lower rank than the vector to store (memref<4xf32> has rank 1, vector<2x4xf32> has rank 2)

// -----

func.func @f(%m: memref<4xvector<8xf32>>, %i: index, %v: vector<4xf32>) {
  vector.store %v, %m[%i] : memref<4xvector<8xf32>>, vector<4xf32>
  return
}

// CHECK: 'vector.store' op base memref and valueToStore vector types should match (vector<8xf32> vs. vector<4xf32>)

// -----

func.func @f(%m: memref<4xf32>, %i: index, %v: vector<4xf16>) {
  vector.store %v, %m[%i] : memref<4xf32>, vector<4xf16>
  return
}

// CHECK: 'vector.store' op base and valueToStore element type should match (f32 vs. f16)

// -----

func.func @f(%m: memref<4xf32>) {
  vector.print %m : memref<4xf32>
  return
}

// CHECK: 'vector.print' op operand #0 must be vector of any type values or integer or index or floating-point, but got 'memref<4xf32>'

// -----

func.func @f() {
  "vector.print"() <{punctuation = #vector.punctuation<comma>, stringLiteral = "x"}> : () -> ()
  return
}

// CHECK: 'vector.print' op failed to verify that `source` or `punctuation` are not set when printing strings

// -----

func.func @f() {
  vector.print punctuation <semicolon>
  return
}

// CHECK: expected ::mlir::vector::PrintPunctuation to be one of: no_punctuation, newline, comma, open, close (got 'semicolon')

// -----

func.func @f(%v: vector<1x4xf32>) {
  %0 = vector.broadcast %v : vector<1x4xf32> to vector<4x[4]xf32>
  return
}

// CHECK: 'vector.broadcast' op dimension mismatch (4 vs. [4]): dim 1 of vector<1x4xf32> and dim 1 of vector<4x[4]xf32> differ in scalability

// -----

func.func @f(%v: vector<4x8xf32>) {
  %0 = vector.extract %v[0] : vector<4xf32> from vector<4x8xf32>
  return
}

// CHECK: 'vector.extract' op inferred type(s) 'vector<8xf32>' are incompatible with return type(s) of operation 'vector<4xf32>' (1 positions into vector<4x8xf32>)

// -----

func.func @f(%m: memref<16xf32>, %i: index, %mask: vector<4xi1>, %p: vector<8xf32>) {
  %0 = vector.maskedload %m[%i], %mask, %p : memref<16xf32>, vector<4xi1>, vector<8xf32> into vector<8xf32>
  return
}

// CHECK: 'vector.maskedload' op expected result shape to match mask shape (vector<8xf32> vs. mask vector<4xi1>)

// -----

func.func @f(%m: memref<16xf32>, %i: index, %mask: vector<4xi1>, %p: vector<8xf32>) {
  vector.maskedstore %m[%i], %mask, %p : memref<16xf32>, vector<4xi1>, vector<8xf32>
  return
}

// CHECK: 'vector.maskedstore' op expected valueToStore shape to match mask shape (vector<8xf32> vs. mask vector<4xi1>)

// -----

func.func @f(%m: memref<8x8xvector<2x4xf32>>, %pad: vector<2x4xf32>, %i: index) {
  %0 = vector.transfer_read %m[%i, %i], %pad {permutation_map = affine_map<(d0, d1) -> (d1)>} : memref<8x8xvector<2x4xf32>>, vector<4xf32>
  return
}

// CHECK: 'vector.transfer_read' op requires source vector element and vector result ranks to match. (vector<2x4xf32> has rank 2, vector<4xf32> has rank 1)

// -----

func.func @f(%m: memref<8xvector<8xf16>>, %v: vector<2x4xf16>, %i: index) {
  vector.transfer_write %v, %m[%i] {permutation_map = affine_map<(d0) -> (d0)>} : vector<2x4xf16>, memref<8xvector<8xf16>>
  return
}

// CHECK: 'vector.transfer_write' op requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the minor 1-D vector of the source (vector<2x4xf16>: 64 bits, vector<8xf16>: 128 bits)

// -----

func.func @f(%m: memref<8x8xvector<4xf32>>, %v: vector<2x2x4xf32>, %i: index) {
  vector.transfer_write %v, %m[%i, %i] {permutation_map = affine_map<(d0, d1) -> (d0)>} : vector<2x2x4xf32>, memref<8x8xvector<4xf32>>
  return
}

// CHECK: 'vector.transfer_write' op requires a permutation_map with result dims of the same rank as the vector type (1 results, vector<2x2x4xf32> of rank 3 over elements vector<4xf32>)

// -----

func.func @f(%m: memref<16x32xf32, affine_map<(d0, d1) -> (d0 * 96 + d1 * 3)>>, %i: index) {
  %0 = vector.load %m[%i, %i] : memref<16x32xf32, affine_map<(d0, d1) -> (d0 * 96 + d1 * 3)>>, vector<4xf32>
  return
}

// CHECK: 'vector.load' op most minor memref dim must have unit stride (stride 3 in memref<16x32xf32, affine_map<(d0, d1) -> (((d0 * 96) + (d1 * 3)))>>)

// -----

func.func @f(%m: memref<16x32xf32, affine_map<(d0, d1) -> (d0 + d1 mod 8)>>, %v: vector<4xf32>, %i: index) {
  vector.store %v, %m[%i, %i] : memref<16x32xf32, affine_map<(d0, d1) -> (d0 + d1 mod 8)>>, vector<4xf32>
  return
}

// CHECK: 'vector.store' op most minor memref dim must have unit stride (stride not strided in memref<16x32xf32, affine_map<(d0, d1) -> ((d0 + (d1 mod 8)))>>)

// -----

func.func @f(%a: vector<3x2x5xi8>) {
  %0 = vector.transpose %a, [3, 0, 1] : vector<3x2x5xi8> to vector<3x2x5xi8>
  return
}

// CHECK: 'vector.transpose' op transposition index out of range: 3 (permutation [3, 0, 1], rank 3)

// -----

func.func @f(%a: vector<3x2x5xi8>) {
  %0 = vector.transpose %a, [1, 0] : vector<3x2x5xi8> to vector<2x3xi8>
  return
}

// CHECK: 'vector.transpose' op vector result rank mismatch: 2 (vector<3x2x5xi8> has rank 3)

// -----

func.func @f(%a: vector<[4]xi32>, %b: vector<6x8xi32>) {
  %0 = vector.insert_strided_slice %a, %b {offsets = [1, 0], strides = [1]} : vector<[4]xi32> into vector<6x8xi32>
  return
}

// CHECK: 'vector.insert_strided_slice' op mismatching scalable flags (at source vector idx=0) (vector<[4]xi32> into vector<6x8xi32>)
