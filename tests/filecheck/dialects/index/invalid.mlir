// RUN: wgdist-opt %s --split-input-file --verify-diagnostics

func.func @casts_two_ints(%i: i32) -> i64 {
  // expected-error @+1 {{'index.casts' op cast incompatible: one of i32 and i64 must be index and the other an integer type}}
  %s = index.casts %i : i32 to i64
  return %s : i64
}

// -----

func.func @castu_two_indices(%x: index) -> index {
  // expected-error @+1 {{'index.castu' op cast incompatible}}
  %s = index.castu %x : index to index
  return %s : index
}

// -----

func.func @sub_of_i32(%i: i32) {
  // expected-error @+1 {{operand is used with type index, but has been previously used or defined with type i32}}
  %s = index.sub %i, %i
  return
}
