// RUN: wgdist-opt %s --split-input-file --verify-diagnostics -o /dev/null

// vector.interleave / vector.deinterleave verifier: every chunk is rejected with LLVM 22's
// wording (also run through mlir-opt 22 by with-mlir/vector-interleave.mlir).

func.func @f(%a: vector<2x4xf32>, %b: vector<2x4xi32>) {
  // expected-error@below {{failed to verify that all of {lhs, rhs} have same type}}
  %0 = "vector.interleave"(%a, %b) : (vector<2x4xf32>, vector<2x4xi32>) -> vector<2x8xf32>
  return
}

// -----

func.func @f(%a: vector<2x4xf32>, %b: vector<2x3xf32>) {
  // expected-error@below {{failed to verify that all of {lhs, rhs} have same type}}
  %0 = "vector.interleave"(%a, %b) : (vector<2x4xf32>, vector<2x3xf32>) -> vector<2x5xf32>
  return
}

// -----

func.func @f(%a: vector<2x4xf32>) {
  // expected-error@below {{failed to verify that type of 'result' is double the width of the inputs}}
  %0 = "vector.interleave"(%a, %a) : (vector<2x4xf32>, vector<2x4xf32>) -> vector<2x6xf32>
  return
}

// -----

func.func @f(%a: vector<2x4xf32>) {
  // expected-error@below {{failed to verify that type of 'result' is double the width of the inputs}}
  %0 = "vector.interleave"(%a, %a) : (vector<2x4xf32>, vector<2x4xf32>) -> vector<4x8xf32>
  return
}

// -----

func.func @f(%a: vector<2x4xf32>) {
  // expected-error@below {{failed to verify that type of 'result' is double the width of the inputs}}
  %0 = "vector.interleave"(%a, %a) : (vector<2x4xf32>, vector<2x4xf32>) -> vector<2x8xf16>
  return
}

// -----

func.func @f(%a: vector<[4]xf32>) {
  // expected-error@below {{failed to verify that type of 'result' is double the width of the inputs}}
  %0 = "vector.interleave"(%a, %a) : (vector<[4]xf32>, vector<[4]xf32>) -> vector<8xf32>
  return
}

// -----

func.func @f(%a: vector<2x4xf32>, %b: vector<2x4xf32>) {
  // expected-error@below {{failed to verify that type of 'result' is double the width of the inputs}}
  %0 = vector.interleave %a, %b : vector<2x4xf32> -> vector<2x7xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@below {{operand #0 must be vector of any type values, but got 'tensor<4xf32>'}}
  %0 = "vector.interleave"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> vector<8xf32>
  return
}

// -----

func.func @f(%a: vector<2x4xf32>) {
  // expected-error@below {{result #0 must be vector of any type values, but got 'f32'}}
  %0 = "vector.interleave"(%a, %a) : (vector<2x4xf32>, vector<2x4xf32>) -> f32
  return
}

// -----

func.func @f(%a: vector<2x5xf32>) {
  // expected-error@below {{failed to verify that the trailing dimension of the source vector has an even number of elements}}
  %0:2 = "vector.deinterleave"(%a) : (vector<2x5xf32>) -> (vector<2x4xf32>, vector<2x3xf32>)
  return
}

// -----

func.func @f(%a: vector<2x8xf32>) {
  // expected-error@below {{failed to verify that all of {res1, res2} have same type}}
  %0:2 = "vector.deinterleave"(%a) : (vector<2x8xf32>) -> (vector<2x4xf32>, vector<2x4xf16>)
  return
}

// -----

func.func @f(%a: vector<2x8xf32>) {
  // expected-error@below {{failed to verify that the trailing dimension of the results is half the width of source trailing dimension}}
  %0:2 = "vector.deinterleave"(%a) : (vector<2x8xf32>) -> (vector<2x3xf32>, vector<2x4xf32>)
  return
}

// -----

func.func @f(%a: vector<2x8xf32>) {
  // expected-error@below {{failed to verify that the trailing dimension of the results is half the width of source trailing dimension}}
  %0:2 = "vector.deinterleave"(%a) : (vector<2x8xf32>) -> (vector<4x4xf32>, vector<4x4xf32>)
  return
}

// -----

func.func @f(%a: vector<[8]xf32>) {
  // expected-error@below {{failed to verify that the trailing dimension of the results is half the width of source trailing dimension}}
  %0:2 = "vector.deinterleave"(%a) : (vector<[8]xf32>) -> (vector<4xf32>, vector<4xf32>)
  return
}

// -----

func.func @f(%a: vector<2x8xf32>) {
  // expected-error@below {{failed to verify that the trailing dimension of the results is half the width of source trailing dimension}}
  %0:2 = vector.deinterleave %a : vector<2x8xf32> -> vector<2x3xf32>
  return
}

// -----

func.func @f(%a: vector<f32>) {
  // expected-error@below {{operand #0 must be vector of any type values, but got 'vector<f32>'}}
  %0:2 = "vector.deinterleave"(%a) : (vector<f32>) -> (vector<f32>, vector<f32>)
  return
}

// -----

func.func @f(%a: vector<2x5xf32>) {
  // expected-error@below {{result #0 must be vector of any type values, but got 'vector<f32>'}}
  %0:2 = "vector.deinterleave"(%a) : (vector<2x5xf32>) -> (vector<f32>, vector<f32>)
  return
}
