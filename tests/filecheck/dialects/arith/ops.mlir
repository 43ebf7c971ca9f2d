// RUN: WG_ROUNDTRIP
// RUN: WG_GENERIC_ROUNDTRIP

// arith on vectors and scalars in LLVM 22 syntax: i1-vector comparisons, vector-condition and
// scalar-condition select, every cast on vectors with its flags, index_castui and remf.

func.func @compare_select(%a: vector<4xf32>, %b: vector<4xf32>, %i: vector<4xi32>, %x: vector<2x8xindex>, %c: i1, %s: f32) -> vector<4xf32> {
  %m = arith.cmpf ogt, %a, %b : vector<4xf32>
  %mf = arith.cmpf une, %a, %b fastmath<nnan,ninf> : vector<4xf32>
  %sc = arith.cmpf olt, %s, %s : f32
  %mi = arith.cmpi slt, %i, %i : vector<4xi32>
  %mx = arith.cmpi ult, %x, %x {tag} : vector<2x8xindex>
  %r = arith.select %m, %a, %b : vector<4xi1>, vector<4xf32>
  %r2 = arith.select %c, %a, %r : vector<4xf32>
  %r3 = arith.select %sc, %s, %s : f32
  %both = arith.andi %m, %mf : vector<4xi1>
  func.return %r2 : vector<4xf32>
}
func.func @casts(%i: vector<4xi32>, %h: vector<4xf16>, %f: vector<4xf32>, %x: vector<4xindex>, %m: vector<4xi1>, %si: i32, %sf: f32) {
  %0 = arith.extsi %i : vector<4xi32> to vector<4xi64>
  %1 = arith.extui %m : vector<4xi1> to vector<4xi32>
  %2 = arith.trunci %i : vector<4xi32> to vector<4xi8>
  %3 = arith.trunci %i overflow<nsw, nuw> : vector<4xi32> to vector<4xi16>
  %4 = arith.sitofp %i : vector<4xi32> to vector<4xf32>
  %5 = arith.uitofp %i : vector<4xi32> to vector<4xf16>
  %6 = arith.fptosi %f : vector<4xf32> to vector<4xi32>
  %7 = arith.fptoui %f : vector<4xf32> to vector<4xi8>
  %8 = arith.extf %h : vector<4xf16> to vector<4xf32>
  %9 = arith.extf %h fastmath<fast> : vector<4xf16> to vector<4xf32>
  %10 = arith.truncf %f : vector<4xf32> to vector<4xf16>
  %11 = arith.truncf %f to_nearest_even fastmath<contract> : vector<4xf32> to vector<4xbf16>
  %12 = arith.truncf %f toward_zero : vector<4xf32> to vector<4xf16>
  %13 = arith.index_cast %i : vector<4xi32> to vector<4xindex>
  %14 = arith.index_castui %x : vector<4xindex> to vector<4xi32>
  %15 = arith.bitcast %f : vector<4xf32> to vector<4xi32>
  %16 = arith.extsi %si : i32 to i64
  %17 = arith.trunci %si overflow<nuw> : i32 to i8
  %18 = arith.sitofp %si : i32 to f32
  %19 = arith.truncf %sf upward : f32 to f16
  %20 = arith.index_castui %si : i32 to index
  %21 = arith.index_cast %si : i32 to index
  func.return
}
func.func @binary(%a: vector<4xf32>, %b: vector<4xf32>, %i: vector<4xi32>) {
  %0 = arith.addf %a, %b fastmath<fast> : vector<4xf32>
  %1 = arith.maximumf %a, %b : vector<4xf32>
  %2 = arith.remf %a, %b : vector<4xf32>
  %3 = arith.remf %a, %b fastmath<nnan> : vector<4xf32>
  %4 = arith.negf %a fastmath<fast> : vector<4xf32>
  %5 = arith.addi %i, %i overflow<nsw> : vector<4xi32>
  %6 = arith.divsi %i, %i : vector<4xi32>
  %7 = arith.constant dense<0.000000e+00> : vector<4xf32>
  func.return
}

// CHECK:      func.func @compare_select(%a: vector<4xf32>, %b: vector<4xf32>, %i: vector<4xi32>, %x: vector<2x8xindex>, %c: i1, %s: f32) -> vector<4xf32> {
// CHECK-NEXT:   %m = arith.cmpf ogt, %a, %b : vector<4xf32>
// CHECK-NEXT:   %mf = arith.cmpf une, %a, %b fastmath<nnan,ninf> : vector<4xf32>
// CHECK-NEXT:   %sc = arith.cmpf olt, %s, %s : f32
// CHECK-NEXT:   %mi = arith.cmpi slt, %i, %i : vector<4xi32>
// CHECK-NEXT:   %mx = arith.cmpi ult, %x, %x {tag} : vector<2x8xindex>
// CHECK-NEXT:   %r = arith.select %m, %a, %b : vector<4xi1>, vector<4xf32>
// CHECK-NEXT:   %r2 = arith.select %c, %a, %r : vector<4xf32>
// CHECK-NEXT:   %r3 = arith.select %sc, %s, %s : f32
// CHECK-NEXT:   %both = arith.andi %m, %mf : vector<4xi1>
// CHECK-NEXT:   func.return %r2 : vector<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @casts(%i: vector<4xi32>, %h: vector<4xf16>, %f: vector<4xf32>, %x: vector<4xindex>, %m: vector<4xi1>, %si: i32, %sf: f32) {
// CHECK-NEXT:   %0 = arith.extsi %i : vector<4xi32> to vector<4xi64>
// CHECK-NEXT:   %1 = arith.extui %m : vector<4xi1> to vector<4xi32>
// CHECK-NEXT:   %2 = arith.trunci %i : vector<4xi32> to vector<4xi8>
// CHECK-NEXT:   %3 = arith.trunci %i overflow<nsw, nuw> : vector<4xi32> to vector<4xi16>
// CHECK-NEXT:   %4 = arith.sitofp %i : vector<4xi32> to vector<4xf32>
// CHECK-NEXT:   %5 = arith.uitofp %i : vector<4xi32> to vector<4xf16>
// CHECK-NEXT:   %6 = arith.fptosi %f : vector<4xf32> to vector<4xi32>
// CHECK-NEXT:   %7 = arith.fptoui %f : vector<4xf32> to vector<4xi8>
// CHECK-NEXT:   %8 = arith.extf %h : vector<4xf16> to vector<4xf32>
// CHECK-NEXT:   %9 = arith.extf %h fastmath<fast> : vector<4xf16> to vector<4xf32>
// CHECK-NEXT:   %10 = arith.truncf %f : vector<4xf32> to vector<4xf16>
// CHECK-NEXT:   %11 = arith.truncf %f to_nearest_even fastmath<contract> : vector<4xf32> to vector<4xbf16>
// CHECK-NEXT:   %12 = arith.truncf %f toward_zero : vector<4xf32> to vector<4xf16>
// CHECK-NEXT:   %13 = arith.index_cast %i : vector<4xi32> to vector<4xindex>
// CHECK-NEXT:   %14 = arith.index_castui %x : vector<4xindex> to vector<4xi32>
// CHECK-NEXT:   %15 = arith.bitcast %f : vector<4xf32> to vector<4xi32>
// CHECK-NEXT:   %16 = arith.extsi %si : i32 to i64
// CHECK-NEXT:   %17 = arith.trunci %si overflow<nuw> : i32 to i8
// CHECK-NEXT:   %18 = arith.sitofp %si : i32 to f32
// CHECK-NEXT:   %19 = arith.truncf %sf upward : f32 to f16
// CHECK-NEXT:   %20 = arith.index_castui %si : i32 to index
// CHECK-NEXT:   %21 = arith.index_cast %si : i32 to index
// CHECK-NEXT:   func.return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @binary(%a: vector<4xf32>, %b: vector<4xf32>, %i: vector<4xi32>) {
// CHECK-NEXT:   %0 = arith.addf %a, %b fastmath<fast> : vector<4xf32>
// CHECK-NEXT:   %1 = arith.maximumf %a, %b : vector<4xf32>
// CHECK-NEXT:   %2 = arith.remf %a, %b : vector<4xf32>
// CHECK-NEXT:   %3 = arith.remf %a, %b fastmath<nnan> : vector<4xf32>
// CHECK-NEXT:   %4 = arith.negf %a fastmath<fast> : vector<4xf32>
// CHECK-NEXT:   %5 = arith.addi %i, %i overflow<nsw> : vector<4xi32>
// CHECK-NEXT:   %6 = arith.divsi %i, %i : vector<4xi32>
// CHECK-NEXT:   %7 = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK-NEXT:   func.return
// CHECK-NEXT: }

// CHECK-GENERIC: %m = "arith.cmpf"(%a, %b) <{fastmath = #arith.fastmath<none>, predicate = 2 : i64}> : (vector<4xf32>, vector<4xf32>) -> vector<4xi1>
// CHECK-GENERIC: %mf = "arith.cmpf"(%a, %b) <{fastmath = #arith.fastmath<nnan,ninf>, predicate = 13 : i64}> : (vector<4xf32>, vector<4xf32>) -> vector<4xi1>
// CHECK-GENERIC: %sc = "arith.cmpf"(%s, %s) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1
// CHECK-GENERIC: %mi = "arith.cmpi"(%i, %i) <{predicate = 2 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi1>
// CHECK-GENERIC: %mx = "arith.cmpi"(%x, %x) <{predicate = 6 : i64}> {tag} : (vector<2x8xindex>, vector<2x8xindex>) -> vector<2x8xi1>
// CHECK-GENERIC: %r = "arith.select"(%m, %a, %b) : (vector<4xi1>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK-GENERIC: %r2 = "arith.select"(%c, %a, %r) : (i1, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK-GENERIC: %r3 = "arith.select"(%sc, %s, %s) : (i1, f32, f32) -> f32
// CHECK-GENERIC: %both = "arith.andi"(%m, %mf) : (vector<4xi1>, vector<4xi1>) -> vector<4xi1>
// CHECK-GENERIC: %0 = "arith.extsi"(%i) : (vector<4xi32>) -> vector<4xi64>
// CHECK-GENERIC: %1 = "arith.extui"(%m) : (vector<4xi1>) -> vector<4xi32>
// CHECK-GENERIC: %2 = "arith.trunci"(%i) <{overflowFlags = #arith.overflow<none>}> : (vector<4xi32>) -> vector<4xi8>
// CHECK-GENERIC: %3 = "arith.trunci"(%i) <{overflowFlags = #arith.overflow<nsw,nuw>}> : (vector<4xi32>) -> vector<4xi16>
// CHECK-GENERIC: %4 = "arith.sitofp"(%i) : (vector<4xi32>) -> vector<4xf32>
// CHECK-GENERIC: %5 = "arith.uitofp"(%i) : (vector<4xi32>) -> vector<4xf16>
// CHECK-GENERIC: %6 = "arith.fptosi"(%f) : (vector<4xf32>) -> vector<4xi32>
// CHECK-GENERIC: %7 = "arith.fptoui"(%f) : (vector<4xf32>) -> vector<4xi8>
// CHECK-GENERIC: %8 = "arith.extf"(%h) : (vector<4xf16>) -> vector<4xf32>
// CHECK-GENERIC: %9 = "arith.extf"(%h) <{fastmath = #arith.fastmath<fast>}> : (vector<4xf16>) -> vector<4xf32>
// CHECK-GENERIC: %10 = "arith.truncf"(%f) : (vector<4xf32>) -> vector<4xf16>
// CHECK-GENERIC: %11 = "arith.truncf"(%f) <{fastmath = #arith.fastmath<contract>, roundingmode = 0 : i32}> : (vector<4xf32>) -> vector<4xbf16>
// CHECK-GENERIC: %12 = "arith.truncf"(%f) <{roundingmode = 3 : i32}> : (vector<4xf32>) -> vector<4xf16>
// CHECK-GENERIC: %13 = "arith.index_cast"(%i) : (vector<4xi32>) -> vector<4xindex>
// CHECK-GENERIC: %14 = "arith.index_castui"(%x) : (vector<4xindex>) -> vector<4xi32>
// CHECK-GENERIC: %15 = "arith.bitcast"(%f) : (vector<4xf32>) -> vector<4xi32>
// CHECK-GENERIC: %16 = "arith.extsi"(%si) : (i32) -> i64
// CHECK-GENERIC: %17 = "arith.trunci"(%si) <{overflowFlags = #arith.overflow<nuw>}> : (i32) -> i8
// CHECK-GENERIC: %18 = "arith.sitofp"(%si) : (i32) -> f32
// CHECK-GENERIC: %19 = "arith.truncf"(%sf) <{roundingmode = 2 : i32}> : (f32) -> f16
// CHECK-GENERIC: %20 = "arith.index_castui"(%si) : (i32) -> index
// CHECK-GENERIC: %21 = "arith.index_cast"(%si) : (i32) -> index
// CHECK-GENERIC: %0 = "arith.addf"(%a, %b) <{fastmath = #arith.fastmath<fast>}> : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK-GENERIC: %1 = "arith.maximumf"(%a, %b) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK-GENERIC: %2 = "arith.remf"(%a, %b) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK-GENERIC: %3 = "arith.remf"(%a, %b) <{fastmath = #arith.fastmath<nnan>}> : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK-GENERIC: %4 = "arith.negf"(%a) <{fastmath = #arith.fastmath<fast>}> : (vector<4xf32>) -> vector<4xf32>
// CHECK-GENERIC: %5 = "arith.addi"(%i, %i) <{overflowFlags = #arith.overflow<nsw>}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
// CHECK-GENERIC: %6 = "arith.divsi"(%i, %i) : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
// CHECK-GENERIC: %7 = "arith.constant"() <{value = dense<0.000000e+00> : vector<4xf32>}> : () -> vector<4xf32>
