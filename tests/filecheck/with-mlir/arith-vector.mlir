// RUN: MLIR_ROUNDTRIP
// RUN: MLIR_GENERIC_ROUNDTRIP

// Vector arith through mlir-opt 22 and back, custom and generic: the comparison, select and cast
// forms a WG kernel uses (softmax, ReLU as cmpf + select, masks, mixed precision).

func.func @relu_mask(%a: vector<4xf32>, %b: vector<4xf32>, %i: vector<4xi32>, %c: i1) -> vector<4xf32> {
  %m = arith.cmpf ogt, %a, %b fastmath<nnan> : vector<4xf32>
  %s = arith.select %m, %a, %b : vector<4xi1>, vector<4xf32>
  %t = arith.select %c, %s, %b : vector<4xf32>
  %k = arith.cmpi ult, %i, %i : vector<4xi32>
  %z = arith.extui %k : vector<4xi1> to vector<4xi32>
  %e = arith.extsi %i : vector<4xi32> to vector<4xi64>
  %n = arith.trunci %e overflow<nsw, nuw> : vector<4xi64> to vector<4xi8>
  %f = arith.sitofp %i : vector<4xi32> to vector<4xf32>
  %u = arith.uitofp %z : vector<4xi32> to vector<4xf32>
  %g = arith.fptosi %f : vector<4xf32> to vector<4xi32>
  %h = arith.fptoui %u : vector<4xf32> to vector<4xi16>
  %x = arith.index_cast %i : vector<4xi32> to vector<4xindex>
  %y = arith.index_castui %x : vector<4xindex> to vector<4xi64>
  %bc = arith.bitcast %f : vector<4xf32> to vector<4xi32>
  %r = arith.remf %t, %f fastmath<fast> : vector<4xf32>
  func.return %r : vector<4xf32>
}

// CHECK-LABEL: func.func @relu_mask
// CHECK:      %[[M:.*]] = arith.cmpf ogt, %{{.*}}, %{{.*}} fastmath<nnan> : vector<4xf32>
// CHECK-NEXT: %[[S:.*]] = arith.select %[[M]], %{{.*}}, %{{.*}} : vector<4xi1>, vector<4xf32>
// CHECK-NEXT: %[[T:.*]] = arith.select %{{.*}}, %[[S]], %{{.*}} : vector<4xf32>
// CHECK-NEXT: %[[K:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK-NEXT: %[[Z:.*]] = arith.extui %[[K]] : vector<4xi1> to vector<4xi32>
// CHECK-NEXT: %[[E:.*]] = arith.extsi %{{.*}} : vector<4xi32> to vector<4xi64>
// CHECK-NEXT: %{{.*}} = arith.trunci %[[E]] overflow<nsw, nuw> : vector<4xi64> to vector<4xi8>
// CHECK-NEXT: %[[F:.*]] = arith.sitofp %{{.*}} : vector<4xi32> to vector<4xf32>
// CHECK-NEXT: %[[U:.*]] = arith.uitofp %[[Z]] : vector<4xi32> to vector<4xf32>
// CHECK-NEXT: %{{.*}} = arith.fptosi %[[F]] : vector<4xf32> to vector<4xi32>
// CHECK-NEXT: %{{.*}} = arith.fptoui %[[U]] : vector<4xf32> to vector<4xi16>
// CHECK-NEXT: %[[X:.*]] = arith.index_cast %{{.*}} : vector<4xi32> to vector<4xindex>
// CHECK-NEXT: %{{.*}} = arith.index_castui %[[X]] : vector<4xindex> to vector<4xi64>
// CHECK-NEXT: %{{.*}} = arith.bitcast %[[F]] : vector<4xf32> to vector<4xi32>
// CHECK-NEXT: %[[R:.*]] = arith.remf %[[T]], %[[F]] fastmath<fast> : vector<4xf32>
// CHECK-NEXT: func.return %[[R]] : vector<4xf32>

// -----

func.func @mixed_precision(%h: vector<8x16xf16>, %s: f32) -> vector<8x16xbf16> {
  %w = arith.extf %h fastmath<contract> : vector<8x16xf16> to vector<8x16xf32>
  %p = arith.extf %h : vector<8x16xf16> to vector<8x16xf32>
  %q = arith.addf %w, %p : vector<8x16xf32>
  %n = arith.truncf %q to_nearest_even fastmath<fast> : vector<8x16xf32> to vector<8x16xbf16>
  %d = arith.truncf %q downward : vector<8x16xf32> to vector<8x16xf16>
  %o = arith.truncf %s : f32 to f16
  func.return %n : vector<8x16xbf16>
}

// CHECK-LABEL: func.func @mixed_precision
// CHECK:      %[[W:.*]] = arith.extf %{{.*}} fastmath<contract> : vector<8x16xf16> to vector<8x16xf32>
// CHECK-NEXT: %[[P:.*]] = arith.extf %{{.*}} : vector<8x16xf16> to vector<8x16xf32>
// CHECK-NEXT: %[[Q:.*]] = arith.addf %[[W]], %[[P]] : vector<8x16xf32>
// CHECK-NEXT: %[[N:.*]] = arith.truncf %[[Q]] to_nearest_even fastmath<fast> : vector<8x16xf32> to vector<8x16xbf16>
// CHECK-NEXT: %{{.*}} = arith.truncf %[[Q]] downward : vector<8x16xf32> to vector<8x16xf16>
// CHECK-NEXT: %{{.*}} = arith.truncf %{{.*}} : f32 to f16
// CHECK-NEXT: func.return %[[N]] : vector<8x16xbf16>
