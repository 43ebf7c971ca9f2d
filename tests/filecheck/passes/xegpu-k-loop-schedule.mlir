// xegpu-k-loop-schedule: which loops it touches, and the loops it refuses with a located remark
// (naming the op and why) and leaves exactly as they were.
//
// RUN: wgdist-opt %s --split-input-file --verify-diagnostics -p 'xegpu-k-loop-schedule{strategy=pipeline stages=2}' | filecheck %s

// A global store inside the loop: not a K loop to schedule.
gpu.module @m {
  gpu.func @store_in_loop(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %a = xegpu.create_nd_tdesc %A : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b = xegpu.create_nd_tdesc %B : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    %c = xegpu.create_nd_tdesc %C : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %z) -> (vector<8x16xf32>) {
      %va = xegpu.load_nd %a[0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %b[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      // expected-remark @+1 {{strategy=pipeline: writes global memory inside the K loop (xegpu.store_nd); not a K loop to schedule; loop left unchanged}}
      xegpu.store_nd %d, %c[0, %k] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
      scf.yield %d : vector<8x16xf32>
    }
    gpu.return
  }
}
// CHECK-LABEL: gpu.func @store_in_loop
// CHECK:       scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %z)
// CHECK-NEXT:    %va = xegpu.load_nd %a[0, %k]
// CHECK-NEXT:    %vb = xegpu.load_nd %b[%k, 0]
// CHECK-NEXT:    %d = xegpu.dpas %va, %vb, %acc
// CHECK-NEXT:    xegpu.store_nd %d, %c[0, %k]
// CHECK-NEXT:    scf.yield %d

// -----

// An i32 induction variable: only index loops are pipelined.
gpu.module @m {
  gpu.func @i32_loop(%A: memref<64x64xf16>, %B: memref<64x64xf16>) kernel {
    %c0 = arith.constant 0 : i32
    %c16 = arith.constant 16 : i32
    %c64 = arith.constant 64 : i32
    %a = xegpu.create_nd_tdesc %A : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b = xegpu.create_nd_tdesc %B : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    // expected-remark @+1 {{strategy=pipeline: the induction variable is i32, only index is handled; loop left unchanged}}
    %r = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %z) -> (vector<8x16xf32>) : i32 {
      %ki = arith.index_cast %k : i32 to index
      %va = xegpu.load_nd %a[0, %ki] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %b[%ki, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      scf.yield %d : vector<8x16xf32>
    }
    gpu.return
  }
}
// CHECK-LABEL: gpu.func @i32_loop
// CHECK:       scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %z)
// CHECK-NEXT:    %ki = arith.index_cast %k

// -----

// A barrier under a condition inside the loop: refused at the scf.if.
gpu.module @m {
  gpu.func @conditional_barrier(%A: memref<64x64xf16>, %B: memref<64x64xf16>) kernel {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %a = xegpu.create_nd_tdesc %A : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b = xegpu.create_nd_tdesc %B : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %z) -> (vector<8x16xf32>) {
      %t = arith.cmpi slt, %k, %c16 : index
      // expected-remark @+1 {{strategy=pipeline: a sync op nested in scf.if: cannot schedule it inside a region; loop left unchanged}}
      scf.if %t {
        gpu.barrier
      }
      %va = xegpu.load_nd %a[0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %b[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      scf.yield %d : vector<8x16xf32>
    }
    gpu.return
  }
}
// CHECK-LABEL: gpu.func @conditional_barrier
// CHECK:       scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %z)
// CHECK-NEXT:    %t = arith.cmpi slt, %k, %c16

// -----

// Only innermost loops with a dpas are K loops: the outer loop and a loop without dpas stay;
// the inner K loop is pipelined (a prologue read before it, a steady and an epilogue loop).
gpu.module @m {
  gpu.func @nest(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %X: memref<64xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %a = xegpu.create_nd_tdesc %A : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b = xegpu.create_nd_tdesc %B : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %o = scf.for %i = %c0 to %c2 step %c1 iter_args(%outer = %z) -> (vector<8x16xf32>) {
      %r = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %outer) -> (vector<8x16xf32>) {
        %va = xegpu.load_nd %a[0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
        %vb = xegpu.load_nd %b[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
        %d = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
        scf.yield %d : vector<8x16xf32>
      }
      scf.yield %r : vector<8x16xf32>
    }
    scf.for %j = %c0 to %c64 step %c16 {
      %v = memref.load %X[%j] : memref<64xf32>
      memref.store %v, %X[%j] : memref<64xf32>
    }
    gpu.return
  }
}
// CHECK-LABEL: gpu.func @nest
// CHECK:       scf.for %i = %c0 to %c2 step %c1 iter_args(%outer = %z)
// CHECK-NEXT:    %va = xegpu.load_nd %a[0, %c0]
// CHECK-NEXT:    %vb = xegpu.load_nd %b[%c0, 0]
// CHECK:         scf.for {{.*}} to %[[SPLIT:.*]] step %c16 iter_args({{.*}} = %outer, {{.*}} = %va, {{.*}} = %vb)
// CHECK:         scf.for {{.*}} = %[[SPLIT]] to %c64 step %c16
// CHECK:       scf.for %j = %c0 to %c64 step %c16 {
// CHECK-NEXT:    %v = memref.load %X[%j]
