// What mlir-opt 22's XeVM pipeline cannot lower, and the form strategy=pingpong (converge=true)
// emits instead (passes/schedule/pingpong_converged.py). One subgroup, a K loop whose dpas runs
// under an scf.if (as a phase of the converged ping-pong loop does):
// 1. the scf.if reads the loop's vector iter_arg %acc: xegpu-subgroup-distribute leaves
//    gpu.warp_execute_on_lane_0 ops behind and translation fails on an unrealized cast;
// 2. the same, with %acc read through arith.select on a vector<i1> mask outside the scf.if:
//    lowers, and spirv-val accepts the binary;
// 3. an scf.if that forwards the iter_arg (else { scf.yield %acc }): mlir-opt 22 crashes;
// 4. arith.select of the vector on a scalar i1: mlir-opt 22 crashes.
// (3 and 4: mlir-opt is killed by a signal.) Once a RUN line here fails because LLVM lowers a
// form, the workaround can go.
//
// REQUIRES: spirv-val
// RUN: python -c "import sys; open(sys.argv[3], 'w').write(open(sys.argv[1]).read().split(chr(10) + '//' + ' ' + '-' * 5)[int(sys.argv[2])])" %s 0 %t.read.mlir
// RUN: not %mlir-opt %t.read.mlir --gpu-lower-to-xevm-pipeline="xegpu-op-level=workgroup binary-format=bin" 2>&1 | filecheck %s --check-prefix=READ
// RUN: python -c "import sys; open(sys.argv[3], 'w').write(open(sys.argv[1]).read().split(chr(10) + '//' + ' ' + '-' * 5)[int(sys.argv[2])])" %s 1 %t.ok.mlir
// RUN: %mlir-opt %t.ok.mlir --gpu-lower-to-xevm-pipeline="xegpu-op-level=workgroup binary-format=bin" > %t.ok.bin.mlir
// RUN: filecheck %s --check-prefix=OK < %t.ok.bin.mlir
// RUN: env PYTHONPATH=%S/../../.. python -c "import sys; from tests.unit.cli.lowering import _unescape as u; q = bytes([34]); t = open(sys.argv[1], 'rb').read(); open(sys.argv[2], 'wb').write(u(t.split(b'bin = ' + q, 1)[1].split(q + b'>]', 1)[0]))" %t.ok.bin.mlir %t.spv
// RUN: spirv-val %t.spv
// RUN: python -c "import sys; open(sys.argv[3], 'w').write(open(sys.argv[1]).read().split(chr(10) + '//' + ' ' + '-' * 5)[int(sys.argv[2])])" %s 2 %t.fwd.mlir
// RUN: python -c "import subprocess, sys; sys.exit(0 if subprocess.run(sys.argv[1:], capture_output=True).returncode < 0 else 1)" %mlir-opt %t.fwd.mlir --gpu-lower-to-xevm-pipeline="xegpu-op-level=workgroup binary-format=bin"
// RUN: python -c "import sys; open(sys.argv[3], 'w').write(open(sys.argv[1]).read().split(chr(10) + '//' + ' ' + '-' * 5)[int(sys.argv[2])])" %s 3 %t.sel.mlir
// RUN: python -c "import subprocess, sys; sys.exit(0 if subprocess.run(sys.argv[1:], capture_output=True).returncode < 0 else 1)" %mlir-opt %t.sel.mlir --gpu-lower-to-xevm-pipeline="xegpu-op-level=workgroup binary-format=bin"

// READ: error: LLVM Translation failed for operation: builtin.unrealized_conversion_cast
// OK: gpu.binary @select_outside

gpu.module @read_in_if {
  gpu.func @k(%A: memref<8x64xf16>, %B: memref<64x16xf16>, %C: memref<8x16xf32>) kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %ta = xegpu.create_nd_tdesc %A : memref<8x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    %tb = xegpu.create_nd_tdesc %B : memref<64x16xf16> -> !xegpu.tensor_desc<16x16xf16>
    %tc = xegpu.create_nd_tdesc %C : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %z) -> (vector<8x16xf32>) {
      %va = xegpu.load_nd %ta[0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %tb[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %run = arith.cmpi ult, %k, %c32 : index
      %d = scf.if %run -> (vector<8x16xf32>) {
        %e = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
        scf.yield %e : vector<8x16xf32>
      } else {
        scf.yield %z : vector<8x16xf32>
      }
      %m = vector.broadcast %run : i1 to vector<8x16xi1>
      %o = arith.select %m, %d, %acc : vector<8x16xi1>, vector<8x16xf32>
      scf.yield %o : vector<8x16xf32>
    }
    xegpu.store_nd %r, %tc[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}

// -----

gpu.module @select_outside {
  gpu.func @k(%A: memref<8x64xf16>, %B: memref<64x16xf16>, %C: memref<8x16xf32>) kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %ta = xegpu.create_nd_tdesc %A : memref<8x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    %tb = xegpu.create_nd_tdesc %B : memref<64x16xf16> -> !xegpu.tensor_desc<16x16xf16>
    %tc = xegpu.create_nd_tdesc %C : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %z) -> (vector<8x16xf32>) {
      %va = xegpu.load_nd %ta[0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %tb[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %run = arith.cmpi ult, %k, %c32 : index
      %m = vector.broadcast %run : i1 to vector<8x16xi1>
      %in = arith.select %m, %acc, %z : vector<8x16xi1>, vector<8x16xf32>
      %d = scf.if %run -> (vector<8x16xf32>) {
        %e = xegpu.dpas %va, %vb, %in : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
        scf.yield %e : vector<8x16xf32>
      } else {
        scf.yield %z : vector<8x16xf32>
      }
      %o = arith.select %m, %d, %acc : vector<8x16xi1>, vector<8x16xf32>
      scf.yield %o : vector<8x16xf32>
    }
    xegpu.store_nd %r, %tc[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}

// -----

gpu.module @forwarded {
  gpu.func @k(%A: memref<8x64xf16>, %B: memref<64x16xf16>, %C: memref<8x16xf32>) kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %ta = xegpu.create_nd_tdesc %A : memref<8x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    %tb = xegpu.create_nd_tdesc %B : memref<64x16xf16> -> !xegpu.tensor_desc<16x16xf16>
    %tc = xegpu.create_nd_tdesc %C : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %z) -> (vector<8x16xf32>) {
      %va = xegpu.load_nd %ta[0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %tb[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %run = arith.cmpi ult, %k, %c32 : index
      %e = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %o = scf.if %run -> (vector<8x16xf32>) {
        scf.yield %e : vector<8x16xf32>
      } else {
        scf.yield %acc : vector<8x16xf32>
      }
      scf.yield %o : vector<8x16xf32>
    }
    xegpu.store_nd %r, %tc[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}

// -----

gpu.module @scalar_select {
  gpu.func @k(%A: memref<8x64xf16>, %B: memref<64x16xf16>, %C: memref<8x16xf32>) kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %ta = xegpu.create_nd_tdesc %A : memref<8x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    %tb = xegpu.create_nd_tdesc %B : memref<64x16xf16> -> !xegpu.tensor_desc<16x16xf16>
    %tc = xegpu.create_nd_tdesc %C : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %z) -> (vector<8x16xf32>) {
      %va = xegpu.load_nd %ta[0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %tb[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %run = arith.cmpi ult, %k, %c32 : index
      %e = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %o = arith.select %run, %e, %acc : vector<8x16xf32>
      scf.yield %o : vector<8x16xf32>
    }
    xegpu.store_nd %r, %tc[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
