// RUN: WG_ROUNDTRIP
// RUN: WG_GENERIC_ROUNDTRIP

// The index ops mlir-opt 22 writes (index.sub rebases the subgroup id of an sg_id_range in
// xegpu-wg-to-sg-distribute), custom and generic.

func.func @binary(%a: index, %b: index) -> index {
  %0 = index.add %a, %b
  %1 = index.sub %0, %b
  %2 = index.mul %1, %b
  %3 = index.divs %2, %b
  %4 = index.divu %3, %b
  %5 = index.ceildivs %4, %b
  %6 = index.ceildivu %5, %b
  %7 = index.floordivs %6, %b
  %8 = index.rems %7, %b
  %9 = index.remu %8, %b
  %10 = index.maxs %9, %b
  %11 = index.maxu %10, %b
  %12 = index.mins %11, %b
  %13 = index.minu %12, %b
  %14 = index.shl %13, %b
  %15 = index.shrs %14, %b
  %16 = index.shru %15, %b
  %17 = index.and %16, %b
  %18 = index.or %17, %b
  %19 = index.xor %18, %b
  return %19 : index
}
// CHECK-LABEL: func.func @binary
// CHECK:      index.add %a, %b
// CHECK-NEXT: index.sub %0, %b
// CHECK-NEXT: index.mul
// CHECK-NEXT: index.divs
// CHECK-NEXT: index.divu
// CHECK-NEXT: index.ceildivs
// CHECK-NEXT: index.ceildivu
// CHECK-NEXT: index.floordivs
// CHECK-NEXT: index.rems
// CHECK-NEXT: index.remu
// CHECK-NEXT: index.maxs
// CHECK-NEXT: index.maxu
// CHECK-NEXT: index.mins
// CHECK-NEXT: index.minu
// CHECK-NEXT: index.shl
// CHECK-NEXT: index.shrs
// CHECK-NEXT: index.shru
// CHECK-NEXT: index.and
// CHECK-NEXT: index.or
// CHECK-NEXT: %19 = index.xor %18, %b
// CHECK-GENERIC-LABEL: "func.func"
// CHECK-GENERIC: %{{.*}} = "index.sub"(%{{.*}}, %{{.*}}) : (index, index) -> index

func.func @others(%i: i32, %x: index) -> i64 {
  %c = index.constant 42
  %t = index.bool.constant true
  %s = index.casts %i : i32 to index
  %u = index.castu %x : index to i64
  %n = index.sizeof
  return %u : i64
}
// CHECK-LABEL: func.func @others
// CHECK-NEXT: %c = index.constant 42
// CHECK-NEXT: %t = index.bool.constant true
// CHECK-NEXT: %s = index.casts %i : i32 to index
// CHECK-NEXT: %u = index.castu %x : index to i64
// CHECK-NEXT: %n = index.sizeof
// CHECK-GENERIC: "index.constant"() <{value = 42 : index}> : () -> index
// CHECK-GENERIC: "index.bool.constant"() <{value = true}> : () -> i1
// CHECK-GENERIC: "index.casts"(%{{.*}}) : (i32) -> index
// CHECK-GENERIC: "index.castu"(%{{.*}}) : (index) -> i64
// CHECK-GENERIC: "index.sizeof"() : () -> index

func.func @cmp(%a: index, %b: index) -> i1 {
  %lt = index.cmp slt(%a, %b)
  %ge = index.cmp uge(%a, %b)
  %ne = "index.cmp"(%a, %b) <{pred = #index<cmp_predicate ne>}> : (index, index) -> i1
  return %lt : i1
}
// CHECK-LABEL: func.func @cmp
// CHECK-NEXT: %lt = index.cmp slt(%a, %b)
// CHECK-NEXT: %ge = index.cmp uge(%a, %b)
// CHECK-NEXT: %ne = index.cmp ne(%a, %b)
// CHECK-GENERIC: "index.cmp"(%{{.*}}, %{{.*}}) <{pred = #index<cmp_predicate slt>}> : (index, index) -> i1
// CHECK-GENERIC: "index.cmp"(%{{.*}}, %{{.*}}) <{pred = #index<cmp_predicate uge>}> : (index, index) -> i1
// CHECK-GENERIC: "index.cmp"(%{{.*}}, %{{.*}}) <{pred = #index<cmp_predicate ne>}> : (index, index) -> i1
