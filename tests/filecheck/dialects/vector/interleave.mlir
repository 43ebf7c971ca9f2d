// RUN: WG_ROUNDTRIP
// RUN: WG_GENERIC_ROUNDTRIP

// vector.interleave / vector.deinterleave in LLVM 22's custom syntax (n-D, 0-D, scalable, attrs).

func.func @interleave(%a: vector<2x4xf32>, %b: vector<2x4xf32>, %z: vector<f32>, %s: vector<[4]xi8>, %v: vector<8xindex>) {
  %0 = vector.interleave %a, %b : vector<2x4xf32> -> vector<2x8xf32>
  %1 = vector.interleave %z, %z {tag = 1 : i32} : vector<f32> -> vector<2xf32>
  %2 = vector.interleave %s, %s : vector<[4]xi8> -> vector<[8]xi8>
  %3, %4 = vector.deinterleave %0 : vector<2x8xf32> -> vector<2x4xf32>
  %5:2 = vector.deinterleave %v {tag} : vector<8xindex> -> vector<4xindex>
  %6:2 = vector.deinterleave %2 : vector<[8]xi8> -> vector<[4]xi8>
  return
}

// CHECK-LABEL: func.func @interleave
// CHECK-NEXT: %[[I:.*]] = vector.interleave %a, %b : vector<2x4xf32> -> vector<2x8xf32>
// CHECK-NEXT: %{{.*}} = vector.interleave %z, %z {tag = 1 : i32} : vector<f32> -> vector<2xf32>
// CHECK-NEXT: %[[S:.*]] = vector.interleave %s, %s : vector<[4]xi8> -> vector<[8]xi8>
// CHECK-NEXT: %{{.*}}, %{{.*}} = vector.deinterleave %[[I]] : vector<2x8xf32> -> vector<2x4xf32>
// CHECK-NEXT: %{{.*}}, %{{.*}} = vector.deinterleave %v {tag} : vector<8xindex> -> vector<4xindex>
// CHECK-NEXT: %{{.*}}, %{{.*}} = vector.deinterleave %[[S]] : vector<[8]xi8> -> vector<[4]xi8>

// CHECK-GENERIC-LABEL: sym_name = "interleave"}>
// CHECK-GENERIC: "vector.interleave"(%{{.*}}, %{{.*}}) : (vector<2x4xf32>, vector<2x4xf32>) -> vector<2x8xf32>
// CHECK-GENERIC: "vector.interleave"(%{{.*}}, %{{.*}}) {tag = 1 : i32} : (vector<f32>, vector<f32>) -> vector<2xf32>
// CHECK-GENERIC: "vector.interleave"(%{{.*}}, %{{.*}}) : (vector<[4]xi8>, vector<[4]xi8>) -> vector<[8]xi8>
// CHECK-GENERIC: "vector.deinterleave"(%{{.*}}) : (vector<2x8xf32>) -> (vector<2x4xf32>, vector<2x4xf32>)
// CHECK-GENERIC: "vector.deinterleave"(%{{.*}}) {tag} : (vector<8xindex>) -> (vector<4xindex>, vector<4xindex>)
// CHECK-GENERIC: "vector.deinterleave"(%{{.*}}) : (vector<[8]xi8>) -> (vector<[4]xi8>, vector<[4]xi8>)
