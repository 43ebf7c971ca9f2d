// RUN: WG_VERIFY_DIAG | filecheck %s

// The verifier and parser messages of wgdist's gpu dialect (dialects/gpu.py), one per chunk;
// LLVM 22's wording where it has one.

gpu.module @m {
  gpu.func @k(%a: f32) -> f32 kernel {
    gpu.return %a : f32
  }
}

// CHECK: 'gpu.func' op expected void return type for kernel function (returns f32)

// -----

gpu.module @m {
  gpu.func @k(%a: f32) workgroup(%w: memref<4xf32, 3>) kernel {
    gpu.return
  }
}

// CHECK: gpu.func workgroup(...) memory attributions are not supported

// -----

gpu.module @m {
  gpu.func @k(%a: f32) private(%w: memref<4xf32, 5>) kernel {
    gpu.return
  }
}

// CHECK: gpu.func private(...) memory attributions are not supported

// -----

gpu.func @k(%a: f32) kernel {
  gpu.return
}

// CHECK: 'gpu.func' op 'gpu.func' expects parent op 'gpu.module'

// -----

func.func @f() {
  gpu.return
}

// CHECK: 'gpu.return' op 'gpu.return' expects parent op 'gpu.func'

// -----

gpu.module @m {
  gpu.func @k() kernel {
    %b = gpu.block_id w
    gpu.return
  }
}

// CHECK: Expected `x`, `y`, or `z`.

// -----

gpu.module @m {
  gpu.func @h(%x: f32) -> (f32, index) {
    gpu.return %x : f32
  }
}

// CHECK: 'gpu.return' op expected 2 result operands (got 1; @h returns (f32, index))

// -----

gpu.module @m {
  gpu.func @h(%x: f32) -> f32 {
    %c = arith.constant 0 : index
    gpu.return %c : index
  }
}

// CHECK: 'gpu.return' op unexpected type `'index'' for operand #0 (expected f32)

// -----

"gpu.module"() <{sym_name = "m"}> ({
  "gpu.func"() <{function_type = (f32) -> ()}> ({
  ^bb0(%a: index):
    "gpu.return"() : () -> ()
  }) {sym_name = "k", workgroup_attributions = 0 : i64} : () -> ()
}) : () -> ()

// CHECK: 'gpu.func' op expected body region argument #0 to be of type 'f32', got 'index'

// -----

"gpu.module"() <{sym_name = "m"}> ({
  "gpu.func"() <{function_type = (f32) -> ()}> ({
  ^bb0(%a: f32, %b: f32):
    "gpu.return"() : () -> ()
  }) {sym_name = "k", workgroup_attributions = 0 : i64} : () -> ()
}) : () -> ()

// CHECK: 'gpu.func' op expected as many input types as arguments (1 inputs, 2 entry block arguments)

// -----

"gpu.module"() <{sym_name = "m"}> ({
  "gpu.func"() <{function_type = (f32) -> (), arg_attrs = [{}, {}]}> ({
  ^bb0(%a: f32):
    "gpu.return"() : () -> ()
  }) {sym_name = "k", workgroup_attributions = 0 : i64} : () -> ()
}) : () -> ()

// CHECK: 'gpu.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1

// -----

gpu.module @m {
  gpu.func @k() kernel {
    %s = gpu.subgroup_id upper_bound 32 : i32
    gpu.return
  }
}

// CHECK: i32 should be of base attribute index

// -----

gpu.module @m {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 16, 1>} {
    gpu.return
  }
}

// CHECK: 'gpu.func' op attribute 'known_block_size' failed to satisfy constraint: i32 dense array attribute with 3 elements (if present), got 2

// -----

gpu.module @m {
  gpu.func @k() kernel {
    %s = gpu.num_subgroups : i32
    gpu.return
  }
}

// CHECK: i32 should be of base attribute index
