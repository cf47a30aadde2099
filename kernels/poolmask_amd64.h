// Masks shared by the AVX-512 pooling kernels (pool512_amd64.s,
// p3_amd64.s): K6 = (1 << (COLS & (LANES-1))) - 1, the tail mask of a row
// of COLS columns in vectors of LANES, and K7 all ones. KMOV is the mask
// move of LANES bits (KMOVW for 16 lanes, KMOVB for 8, ...). Clobbers AX
// and CX.
#define POOL_MASKS(COLS, LANES, KMOV) \
	MOVQ COLS, CX; \
	ANDQ $(LANES-1), CX; \
	MOVQ $1, AX; \
	SHLQ CX, AX; \
	DECQ AX; \
	KMOV AX, K6; \
	MOVQ $-1, AX; \
	KMOV AX, K7
