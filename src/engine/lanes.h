/*
 * lanes.h: the vector lanes the step's inner loops are written in.
 *
 * One source for every machine. A vfloat holds LANES floats and the
 * arithmetic operators work on it lane by lane (the vector extensions of
 * GCC and Clang), so a loop written once becomes AVX-512, AVX2, SSE or
 * NEON instructions according to how wide the file that includes this is
 * built (the Makefile builds kernel.c once for each width the processor
 * family may have, and step.c picks one at run time). A comparison gives
 * a vmask, all ones in a lane where it holds and zero where it does not;
 * the few functions below combine and apply masks. A vint holds LANES
 * integers (counts, kinds). Where the processor has mask registers
 * (AVX-512), a vmask is one: a comparison then costs one instruction,
 * and adding where a mask holds is one instruction instead of a masking
 * and an add; elsewhere it is a vector of integers. Where the compiler
 * has no vector extensions, LANES is 1, a vfloat is a float and a vmask
 * an int, through the same functions, so that the loops read the same.
 *
 * Nothing here rounds differently from plain float arithmetic: no
 * estimate of a reciprocal, and a fused multiply-add only where the
 * product is exact. A lane computes exactly what a scalar loop computes,
 * so every width flies the same flight, bit for bit. Adding where a mask
 * holds is adding +0 where it does not, and the sums it is used for
 * start at +0 and never become -0 (a sum is -0 only when both terms
 * are), so the two are the same bits. Where the processor has FMA but
 * no mask registers, vadd_finite_where() adds v times 1 or 0 in one
 * instruction: the product is exact, so the one rounding is the add's,
 * and +-0 leaves the sum as it is; but 0 times an infinite or NaN v is
 * NaN, so it takes only a v that is finite in every lane.
 */
#ifndef BOIDS_LANES_H
#define BOIDS_LANES_H

#include <stdint.h>
#include <string.h>

#if !defined(__GNUC__)
#undef LANES
#define LANES 1
#elif !defined(LANES)
/* Four lanes are 16 bytes, a vector on every processor that has one. */
#define LANES 4
#endif

/* The widest LANES any build uses: arrays padded by this much may be
 * read a whole vector at a time past their last element. */
#define LANES_MAX 16

#if LANES > 1

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#elif defined(__aarch64__) && defined(__ARM_NEON)
#include <arm_neon.h>
#endif

typedef float vfloat __attribute__((vector_size(LANES * sizeof(float))));
typedef int32_t vint __attribute__((vector_size(LANES * sizeof(int32_t))));

#if LANES == 16 && defined(__AVX512F__)
#define LANES_KMASK 1
typedef __mmask16 vmask;
#else
typedef vint vmask;
#endif

/* f in every lane: f - 0 is f exactly, whatever f is, -0 included. */
static inline vfloat
vsplat(float f)
{
	const vfloat zero = { 0 };

	return f - zero;
}

static inline vint
vsplati(int32_t k)
{
	const vint zero = { 0 };

	return k + zero;
}

static inline vfloat
vload(const float *p)
{
	vfloat v;

	memcpy(&v, p, sizeof v);
	return v;
}

static inline void
vstore(float *p, vfloat v)
{
	memcpy(p, &v, sizeof v);
}

static inline vint
vloadi(const int32_t *p)
{
	vint v;

	memcpy(&v, p, sizeof v);
	return v;
}

static inline float vlane(vfloat v, int l) { return v[l]; }
static inline int32_t vlanei(vint v, int l) { return v[l]; }

/* Each lane's integer as a float. */
static inline vfloat
vfloat_of(vint v)
{
	return __builtin_convertvector(v, vfloat);
}

/*
 * In each lane, the entry of a table of 64 floats that the lane's k names
 * (0 to 63). With AVX-512, four registers hold the table, and two
 * permutes of two registers each and a blend look a whole vector up.
 * Elsewhere each lane is looked up alone: what GCC 12 makes of a plain
 * loop too, which gathers with none of x86's gather instructions, even
 * when told it may.
 */
static inline vfloat
vtable64(const float *table, vint k)
{
#if LANES == 16 && defined(__AVX512F__)
	__m512i i = (__m512i)k;
	__m512 lo = _mm512_permutex2var_ps(_mm512_loadu_ps(table), i,
	    _mm512_loadu_ps(table + 16));
	__m512 hi = _mm512_permutex2var_ps(_mm512_loadu_ps(table + 32), i,
	    _mm512_loadu_ps(table + 48));

	return (vfloat)_mm512_mask_blend_ps(_mm512_test_epi32_mask(i,
	    _mm512_set1_epi32(32)), lo, hi);
#else
	vfloat v = { 0 };
	int l;

	for (l = 0; l < LANES; l++)
		v[l] = table[k[l] & 63];
	return v;
#endif
}

#if defined(LANES_KMASK)

/* The comparisons are C's: false where either side is not a number. */
static inline vmask
vlt(vfloat a, vfloat b)
{
	return _mm512_cmp_ps_mask((__m512)a, (__m512)b, _CMP_LT_OQ);
}

static inline vmask
vle(vfloat a, vfloat b)
{
	return _mm512_cmp_ps_mask((__m512)a, (__m512)b, _CMP_LE_OQ);
}

static inline vmask
vgt(vfloat a, vfloat b)
{
	return _mm512_cmp_ps_mask((__m512)a, (__m512)b, _CMP_GT_OQ);
}

static inline vmask
vge(vfloat a, vfloat b)
{
	return _mm512_cmp_ps_mask((__m512)a, (__m512)b, _CMP_GE_OQ);
}

static inline vmask
vlti(vint a, vint b)
{
	return _mm512_cmplt_epi32_mask((__m512i)a, (__m512i)b);
}

static inline vmask
veqi(vint a, vint b)
{
	return _mm512_cmpeq_epi32_mask((__m512i)a, (__m512i)b);
}

static inline vmask
vnei(vint a, vint b)
{
	return _mm512_cmpneq_epi32_mask((__m512i)a, (__m512i)b);
}

/* Where the lanes of v are not zero. */
static inline vmask
vmask_of(vint v)
{
	return _mm512_test_epi32_mask((__m512i)v, (__m512i)v);
}

/* v where m holds, +0 elsewhere. */
static inline vfloat
vkeep(vfloat v, vmask m)
{
	return (vfloat)_mm512_maskz_mov_ps(m, (__m512)v);
}

/* a where m holds, b elsewhere. */
static inline vfloat
vpick(vmask m, vfloat a, vfloat b)
{
	return (vfloat)_mm512_mask_blend_ps(m, (__m512)b, (__m512)a);
}

/* sum + v where m holds, sum elsewhere. */
static inline vfloat
vadd_where(vfloat sum, vfloat v, vmask m)
{
	return (vfloat)_mm512_mask_add_ps((__m512)sum, m, (__m512)sum,
	    (__m512)v);
}

/* The same, for a v finite in every lane. */
static inline vfloat
vadd_finite_where(vfloat sum, vfloat v, vmask m)
{
	return vadd_where(sum, v, m);
}

/* n + 1 where m holds, n elsewhere. */
static inline vint
vcount(vint n, vmask m)
{
	return (vint)_mm512_mask_sub_epi32((__m512i)n, m, (__m512i)n,
	    _mm512_set1_epi32(-1));
}

/* 1 where m holds, 0 elsewhere. */
static inline vint
vones(vmask m)
{
	return (vint)_mm512_maskz_mov_epi32(m, _mm512_set1_epi32(1));
}

/* One bit for each lane where m holds, lane 0 the lowest. */
static inline unsigned vbits(vmask m) { return m; }

#else /* masks are vectors of integers */

static inline vmask vlt(vfloat a, vfloat b) { return (vmask)(a < b); }
static inline vmask vle(vfloat a, vfloat b) { return (vmask)(a <= b); }
static inline vmask vgt(vfloat a, vfloat b) { return (vmask)(a > b); }
static inline vmask vge(vfloat a, vfloat b) { return (vmask)(a >= b); }
static inline vmask vlti(vint a, vint b) { return (vmask)(a < b); }
static inline vmask veqi(vint a, vint b) { return (vmask)(a == b); }
static inline vmask vnei(vint a, vint b) { return (vmask)(a != b); }
static inline vmask vmask_of(vint v) { return (vmask)(v != 0); }

/* v where m holds, +0 elsewhere. */
static inline vfloat
vkeep(vfloat v, vmask m)
{
	return (vfloat)((vint)v & m);
}

/* a where m holds, b elsewhere. */
static inline vfloat
vpick(vmask m, vfloat a, vfloat b)
{
	return (vfloat)(((vint)a & m) | ((vint)b & ~m));
}

/* sum + v where m holds, sum elsewhere. */
static inline vfloat
vadd_where(vfloat sum, vfloat v, vmask m)
{
	return sum + vkeep(v, m);
}

/* The same, for a v finite in every lane: sum + v * (1 or 0), one
 * instruction where there is FMA, unless the compiler may mask the add
 * itself (AVX-512VL, in a narrower build for such a processor). */
static inline vfloat
vadd_finite_where(vfloat sum, vfloat v, vmask m)
{
#if defined(__AVX512VL__)
	return vadd_where(sum, v, m);
#elif LANES == 8 && defined(__FMA__)
	vfloat one = vkeep(vsplat(1.0f), m);

	return (vfloat)_mm256_fmadd_ps((__m256)v, (__m256)one, (__m256)sum);
#elif LANES == 4 && defined(__FMA__)
	vfloat one = vkeep(vsplat(1.0f), m);

	return (vfloat)_mm_fmadd_ps((__m128)v, (__m128)one, (__m128)sum);
#else
	return vadd_where(sum, v, m);
#endif
}

/* n + 1 where m holds (all ones, -1), n elsewhere. */
static inline vint vcount(vint n, vmask m) { return n - m; }
static inline vint vones(vmask m) { return -m; }

/* One bit for each lane where m holds, lane 0 the lowest. The one part
 * of the source written for each instruction set: a generic loop would
 * do, but costs a dozen instructions in the inner loop where one does. */
static inline unsigned
vbits(vmask m)
{
#if LANES == 16 && defined(__AVX512F__)
	return (unsigned)_mm512_test_epi32_mask((__m512i)m, (__m512i)m);
#elif LANES == 8 && defined(__AVX__)
	return (unsigned)_mm256_movemask_ps((__m256)m);
#elif LANES == 4 && defined(__SSE__)
	return (unsigned)_mm_movemask_ps((__m128)m);
#elif LANES == 4 && defined(__aarch64__) && defined(__ARM_NEON)
	const uint32x4_t bit = { 1, 2, 4, 8 };

	return vaddvq_u32(vandq_u32((uint32x4_t)m, bit));
#else
	unsigned bits = 0;
	int l;

	for (l = 0; l < LANES; l++)
		bits |= (unsigned)(m[l] & 1) << l;
	return bits;
#endif
}

#endif

#else /* one lane */

typedef float vfloat;
typedef int32_t vint;
typedef int32_t vmask;

static inline vfloat vsplat(float f) { return f; }
static inline vint vsplati(int32_t k) { return k; }
static inline vfloat vload(const float *p) { return *p; }
static inline void vstore(float *p, vfloat v) { *p = v; }
static inline vint vloadi(const int32_t *p) { return *p; }
static inline vfloat vtable64(const float *t, vint k) { return t[k & 63]; }
static inline vmask vlt(vfloat a, vfloat b) { return -(a < b); }
static inline vmask vle(vfloat a, vfloat b) { return -(a <= b); }
static inline vmask vgt(vfloat a, vfloat b) { return -(a > b); }
static inline vmask vge(vfloat a, vfloat b) { return -(a >= b); }
static inline vmask vlti(vint a, vint b) { return -(a < b); }
static inline vmask veqi(vint a, vint b) { return -(a == b); }
static inline vmask vnei(vint a, vint b) { return -(a != b); }
static inline vmask vmask_of(vint v) { return -(v != 0); }
static inline vfloat vkeep(vfloat v, vmask m) { return m ? v : 0.0f; }
static inline vfloat vadd_where(vfloat s, vfloat v, vmask m)
{
	return s + (m ? v : 0.0f);
}
static inline vfloat vadd_finite_where(vfloat s, vfloat v, vmask m)
{
	return vadd_where(s, v, m);
}
static inline vint vcount(vint n, vmask m) { return n - m; }
static inline vint vones(vmask m) { return -m; }
static inline vfloat vpick(vmask m, vfloat a, vfloat b) { return m ? a : b; }
static inline float vlane(vfloat v, int l) { (void)l; return v; }
static inline int32_t vlanei(vint v, int l) { (void)l; return v; }
static inline vfloat vfloat_of(vint v) { return (vfloat)v; }
static inline unsigned vbits(vmask m) { return (unsigned)m & 1u; }

#endif

/* Each lane's own number, 0 to LANES - 1. */
static inline vint
vlane_index(void)
{
	static const int32_t index[LANES_MAX] = { 0, 1, 2, 3, 4, 5, 6, 7, 8,
		9, 10, 11, 12, 13, 14, 15 };

	return vloadi(index);
}

/*
 * The least and the greatest of v's lanes, none of them NaN: with
 * AVX-512, a few shuffles; elsewhere lane by lane. Either gives the
 * same number, since the order a minimum is taken in changes nothing
 * but the sign of a zero.
 */
static inline float
vleast(vfloat v)
{
#if LANES == 16 && defined(__AVX512F__)
	return _mm512_reduce_min_ps((__m512)v);
#else
	float a = vlane(v, 0);
	int l;

	for (l = 1; l < LANES; l++)
		a = vlane(v, l) < a ? vlane(v, l) : a;
	return a;
#endif
}

static inline float
vgreatest(vfloat v)
{
#if LANES == 16 && defined(__AVX512F__)
	return _mm512_reduce_max_ps((__m512)v);
#else
	float a = vlane(v, 0);
	int l;

	for (l = 1; l < LANES; l++)
		a = vlane(v, l) > a ? vlane(v, l) : a;
	return a;
#endif
}

/*
 * The indices first + l of the lanes l whose bit is set in bits, in
 * order of l, into to[]; returns how many. It may write LANES entries of
 * to[] whatever bits holds. With AVX-512, one compress; elsewhere a
 * loop without a branch, each index written and kept or written over.
 */
static inline uint32_t
vcompress_index(uint32_t *to, uint32_t first, unsigned bits)
{
#if LANES == 16 && defined(__AVX512F__)
	__m512i at = _mm512_add_epi32(_mm512_set1_epi32((int32_t)first),
	    _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
	    14, 15));

	_mm512_storeu_si512(to, _mm512_maskz_compress_epi32((__mmask16)bits,
	    at));
	return (uint32_t)__builtin_popcount(bits);
#else
	uint32_t n = 0;
	int l;

	for (l = 0; l < LANES; l++) {
		to[n] = first + (uint32_t)l;
		n += bits >> l & 1u;
	}
	return n;
#endif
}

#endif
