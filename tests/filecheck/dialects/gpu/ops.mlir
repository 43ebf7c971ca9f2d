// RUN: WG_ROUNDTRIP
// RUN: WG_GENERIC_ROUNDTRIP

// The gpu ops a WG kernel uses, in LLVM 22 custom syntax (xDSL 0.74 has none).

gpu.module @kernels {
  gpu.func @k(%a: memref<64xf32>) kernel attributes {known_block_size = array<i32: 16, 1, 1>, tag} {
    %bx = gpu.block_id x
    %by = gpu.block_id y upper_bound 8
    %t = gpu.thread_id z
    %bd = gpu.block_dim x
    %gd = gpu.grid_dim y
    %g = gpu.global_id x
    %s = gpu.subgroup_id : index
    %s2 = gpu.subgroup_id upper_bound 32 : index
    %ss = gpu.subgroup_size : index
    %ns = gpu.num_subgroups : index
    %l = gpu.lane_id
    gpu.barrier
    gpu.return
  }
  gpu.func @helper(%x: f32, %y: index) -> (f32, index) {
    gpu.return %x, %y : f32, index
  }
}

// CHECK:      gpu.module @kernels {
// CHECK-NEXT:   gpu.func @k(%a: memref<64xf32>) kernel attributes {known_block_size = array<i32: 16, 1, 1>, tag} {
// CHECK-NEXT:     %bx = gpu.block_id x
// CHECK-NEXT:     %by = gpu.block_id y upper_bound 8
// CHECK-NEXT:     %t = gpu.thread_id z
// CHECK-NEXT:     %bd = gpu.block_dim x
// CHECK-NEXT:     %gd = gpu.grid_dim y
// CHECK-NEXT:     %g = gpu.global_id x
// CHECK-NEXT:     %s = gpu.subgroup_id : index
// CHECK-NEXT:     %s2 = gpu.subgroup_id upper_bound 32 : index
// CHECK-NEXT:     %ss = gpu.subgroup_size : index
// CHECK-NEXT:     %ns = gpu.num_subgroups : index
// CHECK-NEXT:     %l = gpu.lane_id
// CHECK-NEXT:     gpu.barrier
// CHECK-NEXT:     gpu.return
// CHECK-NEXT:   }
// CHECK-NEXT:   gpu.func @helper(%x: f32, %y: index) -> (f32, index) {
// CHECK-NEXT:     gpu.return %x, %y : f32, index
// CHECK-NEXT:   }
// CHECK-NEXT: }

// MLIR 22's storage: sym_name, gpu.kernel and workgroup_attributions are attributes,
// known_block_size a property.
// CHECK-GENERIC:      "gpu.module"() <{sym_name = "kernels"}> ({
// CHECK-GENERIC-NEXT:   "gpu.func"() <{function_type = (memref<64xf32>) -> (), known_block_size = array<i32: 16, 1, 1>}> ({
// CHECK-GENERIC:          "gpu.block_id"() <{dimension = #gpu<dim x>}> : () -> index
// CHECK-GENERIC-NEXT:     "gpu.block_id"() <{dimension = #gpu<dim y>, upper_bound = 8 : index}> : () -> index
// CHECK-GENERIC:          "gpu.subgroup_id"() <{upper_bound = 32 : index}> : () -> index
// CHECK-GENERIC:        }) {gpu.kernel, sym_name = "k", tag, workgroup_attributions = 0 : i64} : () -> ()
// CHECK-GENERIC:        "gpu.return"(%x, %y) : (f32, index) -> ()
// CHECK-GENERIC-NEXT: }) {sym_name = "helper", workgroup_attributions = 0 : i64} : () -> ()
