// Every kernel in examples/ parses in mlir-opt 22 and in wgdist-opt, and wgdist-opt's output
// (custom and generic) is accepted by mlir-opt 22 with the kernel's ops intact.

// RUN: %mlir-opt %examples/gemm_k_loop.mlir | filecheck %s --check-prefix=GEMM
// RUN: wgdist-opt %examples/gemm_k_loop.mlir | %mlir-opt | filecheck %s --check-prefix=GEMM
// RUN: wgdist-opt %examples/gemm_k_loop.mlir --print-op-generic | %mlir-opt --mlir-print-op-generic | wgdist-opt | filecheck %s --check-prefix=GEMM
// GEMM:      gpu.func @gemm_k_loop({{.*}}) kernel
// GEMM:      gpu.block_id x
// GEMM:      gpu.block_id y
// GEMM-COUNT-3: xegpu.create_nd_tdesc
// GEMM-COUNT-2: xegpu.prefetch_nd
// GEMM:      scf.for
// GEMM-COUNT-2: xegpu.load_nd
// GEMM-COUNT-2: xegpu.prefetch_nd
// GEMM:      xegpu.dpas {{.*}}layout_a = {{.*}}sg_layout = [8, 4]
// GEMM:      scf.yield
// GEMM:      xegpu.store_nd

// RUN: %mlir-opt %examples/gemm_bias_relu.mlir | filecheck %s --check-prefix=BIAS
// RUN: wgdist-opt %examples/gemm_bias_relu.mlir | %mlir-opt | filecheck %s --check-prefix=BIAS
// RUN: wgdist-opt %examples/gemm_bias_relu.mlir --print-op-generic | %mlir-opt --mlir-print-op-generic | wgdist-opt | filecheck %s --check-prefix=BIAS
// BIAS:      gpu.func @gemm_bias_relu(
// BIAS:      scf.for
// BIAS:      xegpu.dpas
// BIAS:      xegpu.load_nd {{.*}} -> vector<1x256xf32>
// BIAS:      vector.broadcast {{.*}} : vector<1x256xf32> to vector<256x256xf32>
// BIAS:      arith.addf
// BIAS:      arith.maximumf
// BIAS:      xegpu.store_nd

// RUN: %mlir-opt %examples/softmax.mlir | filecheck %s --check-prefix=SOFTMAX
// RUN: wgdist-opt %examples/softmax.mlir | %mlir-opt | filecheck %s --check-prefix=SOFTMAX
// RUN: wgdist-opt %examples/softmax.mlir --print-op-generic | %mlir-opt --mlir-print-op-generic | wgdist-opt | filecheck %s --check-prefix=SOFTMAX
// SOFTMAX:   gpu.func @softmax(
// SOFTMAX:   xegpu.load_nd
// SOFTMAX:   vector.multi_reduction <maximumf>, {{.*}} [1] : vector<256x128xf32> to vector<256xf32>
// SOFTMAX:   vector.shape_cast {{.*}} : vector<256xf32> to vector<256x1xf32>
// SOFTMAX:   vector.broadcast
// SOFTMAX:   arith.subf
// SOFTMAX:   math.exp
// SOFTMAX:   vector.multi_reduction <add>, {{.*}} [1] : vector<256x128xf32> to vector<256xf32>
// SOFTMAX:   arith.divf
// SOFTMAX:   xegpu.store_nd

// RUN: %mlir-opt %examples/gemm_transpose_b.mlir | filecheck %s --check-prefix=TRANSB
// RUN: wgdist-opt %examples/gemm_transpose_b.mlir | %mlir-opt | filecheck %s --check-prefix=TRANSB
// RUN: wgdist-opt %examples/gemm_transpose_b.mlir --print-op-generic | %mlir-opt --mlir-print-op-generic | wgdist-opt | filecheck %s --check-prefix=TRANSB
// TRANSB:    gpu.func @gemm_transpose_b(
// TRANSB:    sg_layout = [4, 8], sg_data = [64, 32], order = [0, 1]
// TRANSB:    scf.for
// TRANSB:    vector.transpose {{.*}}, [1, 0] : vector<256x32xf16> to vector<32x256xf16>
// TRANSB:    xegpu.dpas
// TRANSB:    xegpu.store_nd

// RUN: %mlir-opt %examples/reduce_3d.mlir | filecheck %s --check-prefix=RED3D
// RUN: wgdist-opt %examples/reduce_3d.mlir | %mlir-opt | filecheck %s --check-prefix=RED3D
// RUN: wgdist-opt %examples/reduce_3d.mlir --print-op-generic | %mlir-opt --mlir-print-op-generic | wgdist-opt | filecheck %s --check-prefix=RED3D
// RED3D:     gpu.func @reduce_3d(
// RED3D:     math.exp
// RED3D:     vector.shape_cast {{.*}} : vector<256x128xf32> to vector<8x32x128xf32>
// RED3D:     vector.multi_reduction <add>, {{.*}} [1] : vector<8x32x128xf32> to vector<8x128xf32>
// RED3D:     xegpu.store_nd
