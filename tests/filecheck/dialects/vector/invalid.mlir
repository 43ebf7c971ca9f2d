// RUN: WG_VERIFY_DIAG | filecheck %s

// One verifier (or parser) message per chunk, each naming the numbers at fault.

func.func @f0(%v: vector<4x8xf32>, %acc: vector<8xf32>) {
  %0 = vector.multi_reduction <add>, %v, %acc [1] : vector<4x8xf32> to vector<8xf32>
  return
}

// CHECK: result type vector<8xf32> does not match vector<4xf32>, the source type vector<4x8xf32> with dimensions [1] reduced

// -----

func.func @f1(%v: vector<4x8xf32>, %acc: vector<4xf32>) {
  %0 = vector.multi_reduction <add>, %v, %acc [2] : vector<4x8xf32> to vector<4xf32>
  return
}

// CHECK: reduction dimension 2 is out of range [0, 2) for source type vector<4x8xf32>

// -----

func.func @f2(%v: vector<4x8xf32>, %acc: f32) {
  %0 = vector.multi_reduction <add>, %v, %acc [1] : vector<4x8xf32> to f32
  return
}

// CHECK: result type f32 does not match vector<4xf32>, the source type vector<4x8xf32> with dimensions [1] reduced

// -----

func.func @f3(%v: vector<4x8xf32>, %acc: vector<4xf16>) {
  %0 = vector.multi_reduction <add>, %v, %acc [1] : vector<4x8xf32> to vector<4xf16>
  return
}

// CHECK: result type vector<4xf16> does not match vector<4xf32>, the source type vector<4x8xf32> with dimensions [1] reduced

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

// CHECK: permutation [1, 1] is not a permutation of [0, 1]

// -----

func.func @f6(%v: vector<4x8xf32>) {
  %0 = vector.transpose %v, [1, 0, 2] : vector<4x8xf32> to vector<8x4xf32>
  return
}

// CHECK: permutation [1, 0, 2] has 3 entries but the source type vector<4x8xf32> has rank 2

// -----

func.func @f7(%v: vector<4x8xf32>) {
  %0 = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<8x8xf32>
  return
}

// CHECK: result type vector<8x8xf32> does not match vector<8x4xf32>, the source type vector<4x8xf32> permuted by [1, 0]

// -----

func.func @f8(%v: vector<4x8xf32>) {
  %0 = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<8x4xf16>
  return
}

// CHECK: result type vector<8x4xf16> does not match vector<8x4xf32>, the source type vector<4x8xf32> permuted by [1, 0]

// -----

func.func @f9(%v: vector<4x8xf32>) {
  %0 = vector.shape_cast %v : vector<4x8xf32> to vector<3x8xf32>
  return
}

// CHECK: source type vector<4x8xf32> has 32 elements but result type vector<3x8xf32> has 24

// -----

func.func @f10(%v: vector<4x8xf32>) {
  %0 = vector.shape_cast %v : vector<4x8xf32> to vector<4x8xf16>
  return
}

// CHECK: source element type f32 differs from result element type f16

// -----

func.func @f11(%v: vector<4x8xf32>) {
  %0 = vector.shape_cast %v : vector<4x8xf32> to vector<[4]x8xf32>
  return
}

// CHECK: source type vector<4x8xf32> has 0 scalable dimensions but result type vector<[4]x8xf32> has 1

// -----

func.func @f12() {
  %0 = vector.step : vector<4x2xindex>
  return
}

// CHECK: result type must be a 1-D vector of index, got vector<4x2xindex>

// -----

func.func @f13() {
  %0 = vector.step : vector<4xi32>
  return
}

// CHECK: result type must be a 1-D vector of index, got vector<4xi32>

// -----

func.func @f14() {
  %0 = vector.constant_mask [5, 2] : vector<4x3xi1>
  return
}

// CHECK: mask_dim_sizes[0] = 5 is out of bounds [0, 4] of result dimension 0

// -----

func.func @f15() {
  %0 = vector.constant_mask [2, -1] : vector<4x3xi1>
  return
}

// CHECK: mask_dim_sizes[1] = -1 is out of bounds [0, 3] of result dimension 1

// -----

func.func @f16() {
  %0 = vector.constant_mask [2] : vector<4x3xi1>
  return
}

// CHECK: mask_dim_sizes [2] has 1 entry but the result type vector<4x3xi1> has rank 2

// -----

func.func @f17() {
  %0 = vector.constant_mask [0, 2] : vector<4x3xi1>
  return
}

// CHECK: mask_dim_sizes [0, 2] contains 0, so every size must be 0 (the mask is empty)

// -----

func.func @f18() {
  %0 = vector.constant_mask [2] : vector<[4]xi1>
  return
}

// CHECK: mask_dim_sizes[0] = 2 of scalable dimension 0 must be 0 or 4

// -----

func.func @f19(%v: vector<4x8xf32>) {
  %0 = vector.extract_strided_slice %v {offsets = [3, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  return
}

// CHECK: slice [3, 5) of dimension 0 (offset 3, size 2) is out of bounds of the source type vector<4x8xf32> (size 4)

// -----

func.func @f20(%v: vector<4x8xf32>) {
  %0 = vector.extract_strided_slice %v {offsets = [0, 9], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  return
}

// CHECK: offsets[1] = 9 is out of bounds [0, 8) of source dimension 1

// -----

func.func @f21(%v: vector<4x8xf32>) {
  %0 = vector.extract_strided_slice %v {offsets = [0, 2], sizes = [2, 0], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  return
}

// CHECK: slice [2, 2) of dimension 1 (offset 2, size 0) is out of bounds of the source type vector<4x8xf32> (size 8)

// -----

func.func @f22(%v: vector<4x8xf32>) {
  %0 = vector.extract_strided_slice %v {offsets = [0, 2], sizes = [2, 4], strides = [1, 2]} : vector<4x8xf32> to vector<2x4xf32>
  return
}

// CHECK: strides[1] = 2 is not supported, strides must be 1

// -----

func.func @f23(%v: vector<4x8xf32>) {
  %0 = vector.extract_strided_slice %v {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x5xf32>
  return
}

// CHECK: result type vector<2x5xf32> does not match vector<2x4xf32>

// -----

func.func @f24(%v: vector<4x8xf32>) {
  %0 = vector.extract_strided_slice %v {offsets = [0, 2, 1], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  return
}

// CHECK: offsets [0, 2, 1], sizes [2, 4] and strides [1, 1] must have the same number of entries

// -----

func.func @f25(%v: vector<4x8xf32>) {
  %0 = vector.extract_strided_slice %v {offsets = [0, 0, 0], sizes = [1, 1, 1], strides = [1, 1, 1]} : vector<4x8xf32> to vector<1x1xf32>
  return
}

// CHECK: offsets [0, 0, 0] has 3 entries, more than the rank 2 of the source type vector<4x8xf32>

// -----

func.func @f26(%v: vector<[4]x8xf32>) {
  %0 = vector.extract_strided_slice %v {offsets = [0], sizes = [2], strides = [1]} : vector<[4]x8xf32> to vector<[2]x8xf32>
  return
}

// CHECK: sizes[0] = 2 must be the whole scalable dimension 0 (4)

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

// CHECK: slice [5, 9) of destination dimension 1 (offset 5, size 4) is out of bounds of the destination type vector<4x8xf32> (size 8)

// -----

func.func @f29(%v: vector<4x8xf32>, %w: vector<2x4xf32>) {
  %0 = vector.insert_strided_slice %w, %v {offsets = [4, 0], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
  return
}

// CHECK: offsets[0] = 4 is out of bounds [0, 4) of destination dimension 0

// -----

func.func @f30(%v: vector<4x8xf32>, %w: vector<2x4xf32>) {
  %0 = vector.insert_strided_slice %w, %v {offsets = [0], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
  return
}

// CHECK: offsets [0] has 1 entry but the destination type vector<4x8xf32> has rank 2

// -----

func.func @f31(%v: vector<4x8xf32>, %w: vector<2x4xf32>) {
  %0 = vector.insert_strided_slice %w, %v {offsets = [0, 0], strides = [1]} : vector<2x4xf32> into vector<4x8xf32>
  return
}

// CHECK: strides [1] has 1 entry but the value type vector<2x4xf32> has rank 2

// -----

func.func @f32(%v: vector<4x8xf32>, %w: vector<2x4xf16>) {
  %0 = vector.insert_strided_slice %w, %v {offsets = [0, 0], strides = [1, 1]} : vector<2x4xf16> into vector<4x8xf32>
  return
}

// CHECK: value element type f16 differs from destination element type f32

// -----

func.func @f33(%v: vector<4x8xf32>, %w: vector<2x4xf32>) {
  %0 = vector.insert_strided_slice %w, %v {offsets = [0, 0], strides = [3, 1]} : vector<2x4xf32> into vector<4x8xf32>
  return
}

// CHECK: strides[0] = 3 is not supported, strides must be 1

// -----

func.func @f34(%v: vector<4x8xf32>, %w: vector<2x4x8xf32>) {
  %0 = vector.insert_strided_slice %w, %v {offsets = [0, 0, 0], strides = [1, 1, 1]} : vector<2x4x8xf32> into vector<4x8xf32>
  return
}

// CHECK: value type vector<2x4x8xf32> has rank 3, more than the rank 2 of the destination type vector<4x8xf32>

// -----

func.func @f35(%v: vector<4x[8]xf32>, %w: vector<[4]xf32>) {
  %0 = vector.insert_strided_slice %w, %v {offsets = [1, 0], strides = [1]} : vector<[4]xf32> into vector<4x[8]xf32>
  return
}

// CHECK: value dimension 0 (4) must cover the whole scalable destination dimension 1 (8)

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

// CHECK: 'vector.reduction' op unsupported reduction rank: 2 (vector<4x8xf32>; expected 1-D)
