// RUN: WG_VERIFY_DIAG | filecheck %s

// One diagnostic per chunk: vector shapes of select/cmp results and casts, predicate and rounding-mode
// values, and the custom-syntax keywords.

func.func @f(%c: vector<8xi1>, %a: vector<4xf32>) {
  %r = "arith.select"(%c, %a, %a) : (vector<8xi1>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return
}

// CHECK: condition type vector<8xi1> must be i1 or i1 with the shape of the result type vector<4xf32>

// -----

func.func @f(%a: vector<4xf32>) {
  %r = "arith.cmpf"(%a, %a) <{predicate = 2 : i64, fastmath = #arith.fastmath<none>}> : (vector<4xf32>, vector<4xf32>) -> i1
  return
}

// CHECK: result type i1 must be vector<4xi1>: i1 with the shape of the operand type vector<4xf32>

// -----

func.func @f(%a: vector<4xi32>) {
  %r = "arith.cmpi"(%a, %a) <{predicate = 12 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi1>
  return
}

// CHECK: predicate 12 is out of range: arith.cmpi has predicates 0 to 9 (eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge)

// -----

func.func @f(%a: vector<4xi32>, %b: vector<4xi64>) {
  %r = "arith.cmpi"(%a, %b) <{predicate = 0 : i64}> : (vector<4xi32>, vector<4xi64>) -> vector<4xi1>
  return
}

// CHECK: operand 'rhs' at position 1 does not verify:
// CHECK-NEXT: attribute vector<4xi32> expected from variable 'T', but got vector<4xi64>

// -----

func.func @f(%a: vector<4xi32>) {
  %r = arith.extsi %a : vector<4xi32> to vector<4xi16>
  return
}

// CHECK: operand type vector<4xi32> and result type vector<4xi16> are cast incompatible: the result element type must be wider

// -----

func.func @f(%a: vector<4xi32>) {
  %r = arith.extsi %a : vector<4xi32> to vector<8xi64>
  return
}

// CHECK: requires the same shape for all operands and results, got vector<4xi32> and vector<8xi64>

// -----

func.func @f(%a: vector<4xf32>) {
  %r = arith.truncf %a : vector<4xf32> to vector<4xf64>
  return
}

// CHECK: operand type vector<4xf32> and result type vector<4xf64> are cast incompatible: the result element type must be narrower

// -----

func.func @f(%a: vector<4xi32>) {
  %r = arith.index_cast %a : vector<4xi32> to vector<4xi64>
  return
}

// CHECK: operand type vector<4xi32> and result type vector<4xi64> are cast incompatible: exactly one side must be index

// -----

func.func @f(%a: vector<4xf32>) {
  %r = arith.truncf %a nearest : vector<4xf32> to vector<4xf16>
  return
}

// CHECK: Expected ':' in arith.truncf %operand [to_nearest_even | downward | upward | toward_zero | to_nearest_away] [fastmath<...>] : T to U

// -----

func.func @f(%a: vector<4xi32>) {
  %r = arith.cmpi lt, %a, %a : vector<4xi32>
  return
}

// CHECK: arith.cmpi expects a predicate, one of eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge

// -----

func.func @f(%a: vector<4xf32>) {
  %r = "arith.truncf"(%a) <{roundingmode = 7 : i32}> : (vector<4xf32>) -> vector<4xf16>
  return
}

// CHECK: roundingmode 7 : i32 must be an i32 from 0 to 4 (to_nearest_even, downward, upward, toward_zero, to_nearest_away)
