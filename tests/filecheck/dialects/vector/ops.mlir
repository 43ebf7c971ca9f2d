// RUN: WG_ROUNDTRIP
// RUN: WG_GENERIC_ROUNDTRIP

// The vector ops wgdist adds to xDSL's dialect, in LLVM 22 custom syntax.

func.func @multi_reduction(%v: vector<4x8xf32>, %acc: vector<4xf32>, %init: f32, %i: vector<2x3x4xi32>, %iacc: vector<3xi32>) {
  %0 = vector.multi_reduction <add>, %v, %acc [1] : vector<4x8xf32> to vector<4xf32>
  %1 = vector.multi_reduction <maximumf>, %v, %init [0, 1] : vector<4x8xf32> to f32
  %2 = vector.multi_reduction <xor>, %i, %iacc [0, 2] : vector<2x3x4xi32> to vector<3xi32>
  %3 = vector.multi_reduction <add>, %v, %acc {tag} [1] : vector<4x8xf32> to vector<4xf32>
  return
}

// CHECK-LABEL: func.func @multi_reduction
// CHECK:      %{{.*}} = vector.multi_reduction <add>, %v, %acc [1] : vector<4x8xf32> to vector<4xf32>
// CHECK-NEXT: %{{.*}} = vector.multi_reduction <maximumf>, %v, %init [0, 1] : vector<4x8xf32> to f32
// CHECK-NEXT: %{{.*}} = vector.multi_reduction <xor>, %i, %iacc [0, 2] : vector<2x3x4xi32> to vector<3xi32>
// CHECK-NEXT: %{{.*}} = vector.multi_reduction <add>, %v, %acc {tag} [1] : vector<4x8xf32> to vector<4xf32>

// CHECK-GENERIC-LABEL: sym_name = "multi_reduction"}>
// CHECK-GENERIC:      "vector.multi_reduction"(%v, %acc) <{kind = #vector.kind<add>, reduction_dims = array<i64: 1>}> : (vector<4x8xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK-GENERIC-NEXT: "vector.multi_reduction"(%v, %init) <{kind = #vector.kind<maximumf>, reduction_dims = array<i64: 0, 1>}> : (vector<4x8xf32>, f32) -> f32
// CHECK-GENERIC-NEXT: "vector.multi_reduction"(%i, %iacc) <{kind = #vector.kind<xor>, reduction_dims = array<i64: 0, 2>}> : (vector<2x3x4xi32>, vector<3xi32>) -> vector<3xi32>
// CHECK-GENERIC-NEXT: "vector.multi_reduction"(%v, %acc) <{kind = #vector.kind<add>, reduction_dims = array<i64: 1>}> {tag} : (vector<4x8xf32>, vector<4xf32>) -> vector<4xf32>

// -----

func.func @transpose(%v: vector<4x8xf32>, %w: vector<2x[4]x8xf16>) {
  %0 = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  %1 = vector.transpose %w, [2, 0, 1] : vector<2x[4]x8xf16> to vector<8x2x[4]xf16>
  %2 = vector.transpose %v, [0, 1] {tag = 3 : i32} : vector<4x8xf32> to vector<4x8xf32>
  return
}

// CHECK-LABEL: func.func @transpose
// CHECK:      %{{.*}} = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
// CHECK-NEXT: %{{.*}} = vector.transpose %w, [2, 0, 1] : vector<2x[4]x8xf16> to vector<8x2x[4]xf16>
// CHECK-NEXT: %{{.*}} = vector.transpose %v, [0, 1] {tag = 3 : i32} : vector<4x8xf32> to vector<4x8xf32>

// CHECK-GENERIC-LABEL: sym_name = "transpose"}>
// CHECK-GENERIC:      "vector.transpose"(%v) <{permutation = array<i64: 1, 0>}> : (vector<4x8xf32>) -> vector<8x4xf32>
// CHECK-GENERIC-NEXT: "vector.transpose"(%w) <{permutation = array<i64: 2, 0, 1>}> : (vector<2x[4]x8xf16>) -> vector<8x2x[4]xf16>
// CHECK-GENERIC-NEXT: "vector.transpose"(%v) <{permutation = array<i64: 0, 1>}> {tag = 3 : i32} : (vector<4x8xf32>) -> vector<4x8xf32>

// -----

func.func @shape_cast(%v: vector<4x8xf32>, %s: vector<[4]x3xi8>) {
  %0 = vector.shape_cast %v : vector<4x8xf32> to vector<2x2x8xf32>
  %1 = vector.shape_cast %v : vector<4x8xf32> to vector<32xf32>
  %2 = vector.shape_cast %s : vector<[4]x3xi8> to vector<3x[4]xi8>
  return
}

// CHECK-LABEL: func.func @shape_cast
// CHECK:      %{{.*}} = vector.shape_cast %v : vector<4x8xf32> to vector<2x2x8xf32>
// CHECK-NEXT: %{{.*}} = vector.shape_cast %v : vector<4x8xf32> to vector<32xf32>
// CHECK-NEXT: %{{.*}} = vector.shape_cast %s : vector<[4]x3xi8> to vector<3x[4]xi8>

// CHECK-GENERIC-LABEL: sym_name = "shape_cast"}>
// CHECK-GENERIC:      "vector.shape_cast"(%v) : (vector<4x8xf32>) -> vector<2x2x8xf32>
// CHECK-GENERIC-NEXT: "vector.shape_cast"(%v) : (vector<4x8xf32>) -> vector<32xf32>
// CHECK-GENERIC-NEXT: "vector.shape_cast"(%s) : (vector<[4]x3xi8>) -> vector<3x[4]xi8>

// -----

func.func @step() {
  %0 = vector.step : vector<16xindex>
  %1 = vector.step : vector<[4]xindex>
  return
}

// CHECK-LABEL: func.func @step
// CHECK:      %{{.*}} = vector.step : vector<16xindex>
// CHECK-NEXT: %{{.*}} = vector.step : vector<[4]xindex>

// CHECK-GENERIC-LABEL: sym_name = "step"}>
// CHECK-GENERIC:      "vector.step"() : () -> vector<16xindex>
// CHECK-GENERIC-NEXT: "vector.step"() : () -> vector<[4]xindex>

// -----

func.func @constant_mask() {
  %0 = vector.constant_mask [3, 2] : vector<4x3xi1>
  %1 = vector.constant_mask [0, 0] : vector<4x3xi1>
  %2 = vector.constant_mask [8] : vector<[8]xi1>
  return
}

// CHECK-LABEL: func.func @constant_mask
// CHECK:      %{{.*}} = vector.constant_mask [3, 2] : vector<4x3xi1>
// CHECK-NEXT: %{{.*}} = vector.constant_mask [0, 0] : vector<4x3xi1>
// CHECK-NEXT: %{{.*}} = vector.constant_mask [8] : vector<[8]xi1>

// CHECK-GENERIC-LABEL: sym_name = "constant_mask"}>
// CHECK-GENERIC:      "vector.constant_mask"() <{mask_dim_sizes = array<i64: 3, 2>}> : () -> vector<4x3xi1>
// CHECK-GENERIC-NEXT: "vector.constant_mask"() <{mask_dim_sizes = array<i64: 0, 0>}> : () -> vector<4x3xi1>
// CHECK-GENERIC-NEXT: "vector.constant_mask"() <{mask_dim_sizes = array<i64: 8>}> : () -> vector<[8]xi1>

// -----

func.func @strided_slices(%v: vector<4x8x16xf32>, %w: vector<2x4xf32>) {
  %0 = vector.extract_strided_slice %v {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8x16xf32> to vector<2x4x16xf32>
  %1 = vector.extract_strided_slice %v {offsets = [3], sizes = [1], strides = [1], zzz, aaa = 1 : i32} : vector<4x8x16xf32> to vector<1x8x16xf32>
  %2 = vector.insert_strided_slice %w, %v {offsets = [3, 4, 12], strides = [1, 1]} : vector<2x4xf32> into vector<4x8x16xf32>
  %3 = vector.insert_strided_slice %w, %w {offsets = [0, 0], strides = [1, 1], tag} : vector<2x4xf32> into vector<2x4xf32>
  return
}

// CHECK-LABEL: func.func @strided_slices
// CHECK:      %{{.*}} = vector.extract_strided_slice %v {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8x16xf32> to vector<2x4x16xf32>
// CHECK-NEXT: %{{.*}} = vector.extract_strided_slice %v {aaa = 1 : i32, offsets = [3], sizes = [1], strides = [1], zzz} : vector<4x8x16xf32> to vector<1x8x16xf32>
// CHECK-NEXT: %{{.*}} = vector.insert_strided_slice %w, %v {offsets = [3, 4, 12], strides = [1, 1]} : vector<2x4xf32> into vector<4x8x16xf32>
// CHECK-NEXT: %{{.*}} = vector.insert_strided_slice %w, %w {offsets = [0, 0], strides = [1, 1], tag} : vector<2x4xf32> into vector<2x4xf32>

// CHECK-GENERIC-LABEL: sym_name = "strided_slices"}>
// CHECK-GENERIC:      "vector.extract_strided_slice"(%v) <{offsets = [0, 2], sizes = [2, 4], strides = [1, 1]}> : (vector<4x8x16xf32>) -> vector<2x4x16xf32>
// CHECK-GENERIC-NEXT: "vector.extract_strided_slice"(%v) <{offsets = [3], sizes = [1], strides = [1]}> {aaa = 1 : i32, zzz} : (vector<4x8x16xf32>) -> vector<1x8x16xf32>
// CHECK-GENERIC-NEXT: "vector.insert_strided_slice"(%w, %v) <{offsets = [3, 4, 12], strides = [1, 1]}> : (vector<2x4xf32>, vector<4x8x16xf32>) -> vector<4x8x16xf32>
// CHECK-GENERIC-NEXT: "vector.insert_strided_slice"(%w, %w) <{offsets = [0, 0], strides = [1, 1]}> {tag} : (vector<2x4xf32>, vector<2x4xf32>) -> vector<2x4xf32>

// -----

// The forms LLVM 22 accepts that xDSL 0.74's classes of these names rejected or could not read:
// a memref of vectors, index bitcasts, 0-D reduction and masks, 0-D shuffles, vector.print.
func.func @llvm22_forms(%m: memref<4x4xvector<8xf32>>, %i: index, %vi: vector<4xindex>, %z: vector<f32>, %s: i32, %v: vector<4xf32>, %w: vector<2xf32>) {
  %0 = vector.load %m[%i, %i] : memref<4x4xvector<8xf32>>, vector<8xf32>
  vector.store %0, %m[%i, %i] {alignment = 32} : memref<4x4xvector<8xf32>>, vector<8xf32>
  %1 = vector.bitcast %vi : vector<4xindex> to vector<8xi32>
  %2 = vector.bitcast %1 : vector<8xi32> to vector<4xindex>
  %3 = vector.reduction <add>, %z : vector<f32> into f32
  %4 = vector.constant_mask [1] : vector<i1>
  %5 = vector.create_mask %i : vector<i1>
  %6 = vector.shuffle %z, %z [1, 0, -1] : vector<f32>, vector<f32>
  %7 = vector.shuffle %v, %w [5, 0, -1] {tag} : vector<4xf32>, vector<2xf32>
  vector.print %v : vector<4xf32>
  vector.print %s : i32 punctuation <comma>
  vector.print punctuation <newline>
  vector.print str "hello"
  vector.print punctuation <close> {tag}
  return
}

// CHECK-LABEL: func.func @llvm22_forms
// CHECK:      %{{.*}} = vector.load %m[%i, %i] : memref<4x4xvector<8xf32>>, vector<8xf32>
// CHECK-NEXT: vector.store %{{.*}}, %m[%i, %i] {alignment = 32 : i64} : memref<4x4xvector<8xf32>>, vector<8xf32>
// CHECK-NEXT: %{{.*}} = vector.bitcast %vi : vector<4xindex> to vector<8xi32>
// CHECK-NEXT: %{{.*}} = vector.bitcast %{{.*}} : vector<8xi32> to vector<4xindex>
// CHECK-NEXT: %{{.*}} = vector.reduction <add>, %z : vector<f32> into f32
// CHECK-NEXT: %{{.*}} = vector.constant_mask [1] : vector<i1>
// CHECK-NEXT: %{{.*}} = vector.create_mask %i : vector<i1>
// CHECK-NEXT: %{{.*}} = vector.shuffle %z, %z [1, 0, -1] : vector<f32>, vector<f32>
// CHECK-NEXT: %{{.*}} = vector.shuffle %v, %w [5, 0, -1] {tag} : vector<4xf32>, vector<2xf32>
// CHECK-NEXT: vector.print %v : vector<4xf32>
// CHECK-NEXT: vector.print %s : i32 punctuation <comma>
// CHECK-NEXT: vector.print
// CHECK-NEXT: vector.print str "hello"
// CHECK-NEXT: vector.print punctuation <close> {tag}

// CHECK-GENERIC-LABEL: sym_name = "llvm22_forms"}>
// CHECK-GENERIC:      "vector.load"(%m, %i, %i) : (memref<4x4xvector<8xf32>>, index, index) -> vector<8xf32>
// CHECK-GENERIC-NEXT: "vector.store"(%{{.*}}, %m, %i, %i) <{alignment = 32 : i64}> : (vector<8xf32>, memref<4x4xvector<8xf32>>, index, index) -> ()
// CHECK-GENERIC:      "vector.shuffle"(%z, %z) <{mask = array<i64: 1, 0, -1>}> : (vector<f32>, vector<f32>) -> vector<3xf32>
// CHECK-GENERIC-NEXT: "vector.shuffle"(%v, %w) <{mask = array<i64: 5, 0, -1>}> {tag} : (vector<4xf32>, vector<2xf32>) -> vector<3xf32>
// CHECK-GENERIC-NEXT: "vector.print"(%v) <{punctuation = #vector.punctuation<newline>}> : (vector<4xf32>) -> ()
// CHECK-GENERIC-NEXT: "vector.print"(%s) <{punctuation = #vector.punctuation<comma>}> : (i32) -> ()
// CHECK-GENERIC-NEXT: "vector.print"() <{punctuation = #vector.punctuation<newline>}> : () -> ()
// CHECK-GENERIC-NEXT: "vector.print"() <{punctuation = #vector.punctuation<newline>, stringLiteral = "hello"}> : () -> ()
// CHECK-GENERIC-NEXT: "vector.print"() <{punctuation = #vector.punctuation<close>}> {tag} : () -> ()
