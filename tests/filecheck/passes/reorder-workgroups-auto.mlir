// scheme=auto: the choice, per target, with a static grid and without one (then the ids come from
// gpu.grid_dim); the remark says what was chosen, from which model, and why.
//
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=auto}' 2>&1 | filecheck %s --check-prefix=GENERICRT
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=auto target=h100}' 2>&1 | filecheck %s --check-prefix=H100RT
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=auto target=h100 grid=128,64 k-blocks=64}' 2>&1 | filecheck %s --check-prefix=H100
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=auto target=h100 grid=128,64 k-blocks=16}' 2>&1 | filecheck %s --check-prefix=SHORTK
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=auto target=h100 grid=16,8 k-blocks=32}' 2>&1 | filecheck %s --check-prefix=TIE
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=auto target=mi300x grid=32,16}' 2>&1 | filecheck %s --check-prefix=MI300X
// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=wave target=h100 tile=128,128,32}' 2>&1 | filecheck %s --check-prefix=UNUSED

gpu.module @m {
  gpu.func @k(%c: memref<?x?xf32>) kernel {
    %x = gpu.block_id x
    %y = gpu.block_id y
    %v = arith.constant 1.0 : f32
    memref.store %v, %c[%x, %y] : memref<?x?xf32>
    gpu.return
  }
}

// GENERICRT: reorder-workgroups-auto.mlir:13:3: remark: 'gpu.func' op @k: scheme=auto chose grouped along M, group-size 8, no XCD step (scheme=triton group-style=wave) for a grid known only at run time (no grid= or known_grid_size; the ids are computed from gpu.grid_dim): on average over 16 typical grids
// GENERICRT:      %grid_dim_x = gpu.grid_dim x
// GENERICRT:      %c8 = arith.constant 8 : index
// GENERICRT-NEXT: %{{.*}} = arith.minui %c8, %grid_dim_x : index
// GENERICRT:      memref.store %v, %c[%wg_x, %wg_y]

// H100RT: remark: 'gpu.func' op @k: scheme=auto chose grouped along M, group-size 8, triton-style last group, no XCD step (scheme=triton) for a grid known only at run time
// H100RT-SAME: (within 20% of the fewest: h100's default order); model: h100: one L2 of 25.0 MiB, LRU, 132 co-resident workgroups each; 128x256x64 tiles, 64 K blocks of 16.0 KiB (A) + 32.0 KiB (B)
// H100RT:      %{{.*}} = arith.minui %c8, %grid_dim_x : index

// 16384x16384x4096: G=16 would read 514 MiB less than G=8, under the default's margin (what
// 3.35 TB/s moves in 10% of the GEMM's 2.2 ms at 989 TFLOP/s): Triton's G=8 is kept.
// H100: remark: 'gpu.func' op @k: scheme=auto chose grouped along M, group-size 8, triton-style last group, no XCD step (scheme=triton) for the 128x64 grid: chosen by modelled bytes from memory among 13 candidates (within 710.1 MiB of the fewest (the default's margin): h100's default order): 2.7 GiB vs 8.0 GiB for identity (67% fewer), summed over every L2 domain; model: h100
// H100:      %c9 = arith.constant 9 : index
// H100-NEXT:  %{{.*}} = arith.shrui %{{.*}}, %c9 : index
// H100-NEXT:  %c8 = arith.constant 8 : index
// H100-NOT:  gpu.grid_dim

// 16384x16384x1024: G=8 reads more than the margin over the fewest; among the ties, the M group
// nearest 8 (G=32 models about as few bytes).
// SHORTK: remark: 'gpu.func' op @k: scheme=auto chose grouped along M, group-size 16, triton-style last group, no XCD step (scheme=triton group-size=16) for the 128x64 grid: chosen by modelled bytes from memory among 13 candidates (within 177.5 MiB of the fewest (the default's margin): groups along M with the group size nearest the default's run faster on h100): 288.0 MiB vs 2.0 GiB for identity (86% fewer)
// SHORTK:      %c16 = arith.constant 16 : index

// One wave (128 workgroups, 132 SMs): every order reads each block once; the tie goes to Triton's G=8.
// TIE: remark: 'gpu.func' op @k: scheme=auto chose grouped along M, group-size 8, triton-style last group, no XCD step (scheme=triton) for the 16x8 grid: chosen by modelled bytes from memory among 7 candidates (within 5.5 MiB of the fewest (the default's margin): h100's default order): 16.0 MiB vs 16.0 MiB for identity (0% fewer)

// MI300X: remark: 'gpu.func' op @k: scheme=auto chose grouped along M, group-size 8, balanced XCD step over 8 XCDs (scheme=wave num-xcds=8) for the 32x16 grid
// MI300X-SAME: model: mi300x: 8 L2 domains (round-robin dispatch) of 4.0 MiB, LRU, 38 co-resident workgroups each

// UNUSED: warning: 'builtin.module' op reorder-workgroups: target=h100 is used only by scheme=auto
// UNUSED-NEXT: warning: 'builtin.module' op reorder-workgroups: tile=128,128,32 is used only by scheme=auto
