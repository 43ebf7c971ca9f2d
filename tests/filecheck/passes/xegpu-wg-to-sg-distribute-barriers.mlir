// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute 2>/dev/null | filecheck %s
// RUN: wgdist-opt %s -p xegpu-wg-to-sg-distribute 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func raw | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func war | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func waw | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func loop_carried | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func read_back | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func loop_same_layout | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func dynamic_offsets --scalar i=8 --scalar j=16 | filecheck %s --check-prefix=AGREE
// RUN: wgdist-check %s -p xegpu-wg-to-sg-distribute --func slm_matrix | filecheck %s --check-prefix=AGREE

// Memory dependences between subgroups (layouts-spec 1.8): the pass inserts a gpu.barrier
// exactly where a subgroup may touch memory another subgroup touched before, says so in a
// remark, and inserts none where each subgroup only touches what it touched itself.

// AGREE: agree: every buffer matches

#a = #xegpu.layout<sg_layout = [4, 2], sg_data = [16, 32]>
#b = #xegpu.layout<sg_layout = [2, 4], sg_data = [32, 16]>

// Read-after-write: stored under #a, read back under #b (subgroup 1 reads columns 16..31 of
// rows 0..31, which subgroups 0 and 2 wrote).
func.func @raw(%m: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #a>
  %v = xegpu.load_nd %t[0, 0] <{layout = #a}> : !xegpu.tensor_desc<64x64xf32, #a> -> vector<64x64xf32>
  %w = arith.addf %v, %v {layout_result_0 = #a} : vector<64x64xf32>
  xegpu.store_nd %w, %t[0, 0] <{layout = #a}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #a>
  %u = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #b>
  %x = xegpu.load_nd %u[0, 0] <{layout = #b}> : !xegpu.tensor_desc<64x64xf32, #b> -> vector<64x64xf32>
  %q = xegpu.create_nd_tdesc %o : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #b>
  xegpu.store_nd %x, %q[0, 0] <{layout = #b}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #b>
  return
}
// CHECK-LABEL: func.func @raw
// CHECK-NOT:   gpu.barrier
// CHECK:       xegpu.store_nd {{.*}} !xegpu.tensor_desc<16x32xf32>
// CHECK-NOT:   gpu.barrier
// CHECK:       xegpu.create_nd_tdesc %{{.*}} -> !xegpu.tensor_desc<32x16xf32>
// CHECK-NEXT:  gpu.barrier
// CHECK-NEXT:  xegpu.load_nd {{.*}} -> vector<32x16xf32>
// CHECK-NOT:   gpu.barrier
// CHECK:       func.return
// REMARK: {{.*}}barriers.mlir:29:8: remark: 'xegpu.load_nd' op xegpu-wg-to-sg-distribute: inserted gpu.barrier before this op: read-after-write between subgroups after 'xegpu.store_nd' at {{.*}}barriers.mlir:27:3: element [0, 16] is written by subgroup(s) [0] (#xegpu.layout<sg_layout = [4, 2], sg_data = [16, 32]>) and read by subgroup(s) [1] (#xegpu.layout<sg_layout = [2, 4], sg_data = [32, 16]>)

// Write-after-read: read under #a, then overwritten under #b; the store waits until every
// subgroup has read.
func.func @war(%m: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #a>
  %v = xegpu.load_nd %t[0, 0] <{layout = #a}> : !xegpu.tensor_desc<64x64xf32, #a> -> vector<64x64xf32>
  %q = xegpu.create_nd_tdesc %o : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #a>
  xegpu.store_nd %v, %q[0, 0] <{layout = #a}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #a>
  %c = arith.constant {layout_result_0 = #b} dense<2.0> : vector<64x64xf32>
  %u = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #b>
  xegpu.store_nd %c, %u[0, 0] <{layout = #b}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #b>
  return
}
// CHECK-LABEL: func.func @war
// CHECK-NOT:   gpu.barrier
// CHECK:       xegpu.store_nd {{.*}} !xegpu.tensor_desc<16x32xf32>
// CHECK-NOT:   gpu.barrier
// CHECK:       xegpu.create_nd_tdesc %{{.*}} -> !xegpu.tensor_desc<32x16xf32>
// CHECK-NEXT:  gpu.barrier
// CHECK-NEXT:  xegpu.store_nd {{.*}} !xegpu.tensor_desc<32x16xf32>
// CHECK-NEXT:  func.return
// REMARK: {{.*}}barriers.mlir:54:3: remark: 'xegpu.store_nd' op xegpu-wg-to-sg-distribute: inserted gpu.barrier before this op: write-after-read between subgroups after 'xegpu.load_nd' at {{.*}}barriers.mlir:49:8: element [0, 16] is read by subgroup(s) [0] {{.*}} and written by subgroup(s) [1]

// Write-after-write: the second store must land after the first, everywhere.
func.func @waw(%m: memref<64x64xf32>) {
  %c1 = arith.constant {layout_result_0 = #a} dense<1.0> : vector<64x64xf32>
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #a>
  xegpu.store_nd %c1, %t[0, 0] <{layout = #a}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #a>
  %c2 = arith.constant {layout_result_0 = #b} dense<2.0> : vector<64x64xf32>
  %u = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #b>
  xegpu.store_nd %c2, %u[0, 0] <{layout = #b}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #b>
  return
}
// CHECK-LABEL: func.func @waw
// CHECK:       xegpu.store_nd {{.*}} !xegpu.tensor_desc<16x32xf32>
// CHECK-NOT:   gpu.barrier
// CHECK:       xegpu.create_nd_tdesc %{{.*}} -> !xegpu.tensor_desc<32x16xf32>
// CHECK-NEXT:  gpu.barrier
// CHECK-NEXT:  xegpu.store_nd {{.*}} !xegpu.tensor_desc<32x16xf32>
// REMARK: {{.*}}barriers.mlir:74:3: remark: 'xegpu.store_nd' op {{.*}}: write-after-write between subgroups after 'xegpu.store_nd' at {{.*}}barriers.mlir:71:3

// Across iterations: the store at the bottom of iteration i (under #a) feeds the load at the
// top of iteration i+1 (under #b): a barrier at the top of the body (loop-carried), and one
// before the store (that load is read before the store overwrites it).
func.func @loop_carried(%m: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant {layout_result_0 = #a} dense<1.0> : vector<64x64xf32>
  %ta = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #a>
  %tb = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #b>
  %to = xegpu.create_nd_tdesc %o : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #b>
  scf.for %i = %c0 to %c3 step %c1 {
    %x = xegpu.load_nd %tb[0, 0] <{layout = #b}> : !xegpu.tensor_desc<64x64xf32, #b> -> vector<64x64xf32>
    xegpu.store_nd %x, %to[0, 0] <{layout = #b}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #b>
    %y = xegpu.load_nd %ta[0, 0] <{layout = #a}> : !xegpu.tensor_desc<64x64xf32, #a> -> vector<64x64xf32>
    %z = arith.addf %y, %one {layout_result_0 = #a} : vector<64x64xf32>
    xegpu.store_nd %z, %ta[0, 0] <{layout = #a}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #a>
  }
  return
}
// CHECK-LABEL: func.func @loop_carried
// CHECK:       scf.for
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    xegpu.load_nd {{.*}} -> vector<32x16xf32>
// CHECK-NEXT:    xegpu.store_nd
// CHECK-NEXT:    xegpu.load_nd {{.*}} -> vector<16x32xf32>
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    xegpu.store_nd {{.*}} !xegpu.tensor_desc<16x32xf32>
// CHECK-NEXT:  }
// REMARK: {{.*}}barriers.mlir:97:10: remark: 'xegpu.load_nd' op {{.*}}: read-after-write across loop iterations between subgroups after 'xegpu.store_nd' at {{.*}}barriers.mlir:101:5
// REMARK: {{.*}}barriers.mlir:101:5: remark: 'xegpu.store_nd' op {{.*}}: write-after-read between subgroups after 'xegpu.load_nd' at {{.*}}barriers.mlir:97:10
// REMARK: {{.*}}barriers.mlir:131:3: remark: 'xegpu.store_nd' op {{.*}}: write-after-write between subgroups after 'xegpu.store_nd' at {{.*}}barriers.mlir:129:3

// No barrier: a same-layout read-back (every subgroup reads only what it wrote), and
// accesses of different buffers.
func.func @read_back(%m: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #a>
  %v = xegpu.load_nd %t[0, 0] <{layout = #a}> : !xegpu.tensor_desc<64x64xf32, #a> -> vector<64x64xf32>
  %w = arith.addf %v, %v {layout_result_0 = #a} : vector<64x64xf32>
  xegpu.store_nd %w, %t[0, 0] <{layout = #a}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #a>
  %x = xegpu.load_nd %t[0, 0] <{layout = #a}> : !xegpu.tensor_desc<64x64xf32, #a> -> vector<64x64xf32>
  %c = arith.constant {layout_result_0 = #b} dense<2.0> : vector<64x64xf32>
  %q = xegpu.create_nd_tdesc %o : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #b>
  xegpu.store_nd %c, %q[0, 0] <{layout = #b}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #b>
  %r = xegpu.create_nd_tdesc %o : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #a>
  xegpu.store_nd %x, %r[0, 0] <{layout = #a}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #a>
  return
}
// The last store writes %o under #a after the store under #b: write-after-write, one barrier.
// CHECK-LABEL: func.func @read_back
// CHECK-NOT:   gpu.barrier
// CHECK:       xegpu.store_nd {{.*}} !xegpu.tensor_desc<32x16xf32>
// CHECK-NEXT:  xegpu.create_nd_tdesc
// CHECK-NEXT:  gpu.barrier
// CHECK-NEXT:  xegpu.store_nd {{.*}} !xegpu.tensor_desc<16x32xf32>
// CHECK-NEXT:  func.return

// No barrier: a read-modify-write loop under one layout (also across iterations).
func.func @loop_same_layout(%m: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant {layout_result_0 = #a} dense<1.0> : vector<64x64xf32>
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #a>
  scf.for %i = %c0 to %c4 step %c1 {
    %y = xegpu.load_nd %t[0, 0] <{layout = #a}> : !xegpu.tensor_desc<64x64xf32, #a> -> vector<64x64xf32>
    %z = arith.addf %y, %one {layout_result_0 = #a} : vector<64x64xf32>
    xegpu.store_nd %z, %t[0, 0] <{layout = #a}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #a>
  }
  return
}
// CHECK-LABEL: func.func @loop_same_layout
// CHECK-NOT:   gpu.barrier
// CHECK:       func.return

// Offsets whose difference is unknown: conservative (a barrier), even under one layout; the
// same dynamic offset under one layout is decided exactly (no barrier).
#r = #xegpu.layout<sg_layout = [8, 1], sg_data = [8, 64]>
func.func @dynamic_offsets(%m: memref<128x64xf32>, %i: index, %j: index) {
  %t = xegpu.create_nd_tdesc %m : memref<128x64xf32> -> !xegpu.tensor_desc<64x64xf32, #r>
  %v = xegpu.load_nd %t[%i, 0] <{layout = #r}> : !xegpu.tensor_desc<64x64xf32, #r> -> vector<64x64xf32>
  %w = arith.addf %v, %v {layout_result_0 = #r} : vector<64x64xf32>
  xegpu.store_nd %w, %t[%i, 0] <{layout = #r}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #r>
  %x = xegpu.load_nd %t[%j, 0] <{layout = #r}> : !xegpu.tensor_desc<64x64xf32, #r> -> vector<64x64xf32>
  %y = arith.addf %x, %x {layout_result_0 = #r} : vector<64x64xf32>
  xegpu.store_nd %y, %t[%j, 0] <{layout = #r}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #r>
  return
}
// CHECK-LABEL: func.func @dynamic_offsets
// CHECK-NOT:   gpu.barrier
// CHECK:       xegpu.store_nd
// CHECK-NEXT:  gpu.barrier
// CHECK-NEXT:  xegpu.load_nd
// CHECK-NOT:   gpu.barrier
// CHECK:       func.return
// REMARK: {{.*}}barriers.mlir:169:8: remark: 'xegpu.load_nd' op {{.*}}: read-after-write between subgroups after 'xegpu.store_nd' at {{.*}}: their offsets differ by an amount not known at compile time (conservative)

// Shared local memory: a matrix stored under one layout and loaded under another.
func.func @slm_matrix(%m: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %slm = memref.alloca() : memref<16384xi8, 3>
  %md = xegpu.create_mem_desc %slm : memref<16384xi8, 3> -> !xegpu.mem_desc<64x64xf32>
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #a>
  %v = xegpu.load_nd %t[0, 0] <{layout = #a}> : !xegpu.tensor_desc<64x64xf32, #a> -> vector<64x64xf32>
  xegpu.store_matrix %v, %md[0, 0] <{layout = #a}> : vector<64x64xf32>, !xegpu.mem_desc<64x64xf32>
  %x = xegpu.load_matrix %md[0, 0] <{layout = #b}> : !xegpu.mem_desc<64x64xf32> -> vector<64x64xf32>
  %q = xegpu.create_nd_tdesc %o : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #b>
  xegpu.store_nd %x, %q[0, 0] <{layout = #b}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #b>
  return
}
// CHECK-LABEL: func.func @slm_matrix
// CHECK:       xegpu.store_matrix
// CHECK-NEXT:  gpu.barrier
// CHECK-NEXT:  xegpu.load_matrix
// REMARK: {{.*}}barriers.mlir:190:8: remark: 'xegpu.load_matrix' op {{.*}}: read-after-write between subgroups after 'xegpu.store_matrix' at {{.*}}barriers.mlir:189:3
// CHECK-NOT:   gpu.barrier
// CHECK:       func.return

// A barrier the kernel already has is enough.
func.func @has_barrier(%m: memref<64x64xf32>) {
  %c1 = arith.constant {layout_result_0 = #a} dense<1.0> : vector<64x64xf32>
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #a>
  xegpu.store_nd %c1, %t[0, 0] <{layout = #a}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #a>
  gpu.barrier
  %c2 = arith.constant {layout_result_0 = #b} dense<2.0> : vector<64x64xf32>
  %u = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #b>
  xegpu.store_nd %c2, %u[0, 0] <{layout = #b}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #b>
  return
}
// CHECK-LABEL: func.func @has_barrier
// CHECK:       gpu.barrier
// CHECK-NOT:   gpu.barrier
// CHECK:       func.return
// REMARK-NOT: remark
