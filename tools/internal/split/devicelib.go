package split

import (
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
)

// DPC++'s fallback device libraries (libsycl-fallback-*.spv), one bit each
// in the DeviceLibReqMask property; the runtime links the libraries whose
// bits are set when it JIT-compiles an image.
const (
	devicelibAssert      = 1 << 0
	devicelibMath        = 1 << 1
	devicelibMathFP64    = 1 << 2
	devicelibComplex     = 1 << 3
	devicelibComplexFP64 = 1 << 4
	devicelibCstring     = 1 << 5
	devicelibIMF         = 1 << 6
	devicelibIMFFP64     = 1 << 7
	devicelibIMFBF16     = 1 << 8
	devicelibBFloat16    = 1 << 9
	devicelibGroupSort   = 1 << 10
)

// devicelibNames lists, per library, the __devicelib_ functions it defines
// (without the prefix). A trailing '*' stands for the four rounding-mode
// variants _rd, _rn, _ru and _rz. The lists are the fallback libraries'
// exported functions as of intel/llvm in 2024-25.
var devicelibNames = []struct {
	bit   uint32
	names string
}{
	{devicelibAssert, "assert_read assert_fail"},
	{devicelibMath, `abs acosf acoshf asinf asinhf atan2f atanf atanhf cbrtf cosf coshf div erfcf erff
		exp2f expf expm1f fdimf fmaf fmodf frexpf hypotf ilogbf labs ldiv ldexpf lgammaf llabs lldiv
		log10f log1pf log2f logbf logf modff nextafterf powf remainderf remquof scalbnf sinf sinhf
		sqrtf tanf tanhf tgammaf`},
	{devicelibMathFP64, `acos acosh asin asinh atan atan2 atanh cbrt cos cosh erf erfc exp exp2 expm1
		fdim fma fmod frexp hypot ilogb ldexp lgamma log log10 log1p log2 logb modf nextafter pow
		remainder remquo scalbn sin sinh sqrt tan tanh tgamma`},
	{devicelibComplex, `__divsc3 __mulsc3 cabsf cacosf cacoshf cargf casinf casinhf catanf catanhf
		ccosf ccoshf cexpf cimagf clogf cpolarf cpowf cprojf crealf csinf csinhf csqrtf ctanf ctanhf`},
	{devicelibComplexFP64, `__divdc3 __muldc3 cabs cacos cacosh carg casin casinh catan catanh ccos
		ccosh cexp cimag clog cpolar cpow cproj creal csin csinh csqrt ctan ctanh`},
	{devicelibCstring, "memcpy memset memcmp"},
	{devicelibIMF, `imf_llmax imf_llmin imf_max imf_min imf_ullmax imf_ullmin imf_umax imf_umin
		imf_brev imf_brevll imf_byte_perm imf_ffs imf_ffsll imf_clz imf_clzll imf_popc imf_popcll
		imf_sad imf_usad imf_uhadd imf_urhadd imf_hadd imf_rhadd imf_mul24 imf_umul24 imf_mulhi
		imf_umulhi imf_mul64hi imf_umul64hi imf_saturatef imf_fmaf imf_floorf imf_ceilf imf_abs
		imf_llabs imf_fabsf imf_truncf imf_rintf imf_nearbyintf imf_invf imf_sqrtf imf_rsqrtf
		imf_fmaxf imf_fminf imf_copysignf imf_fast_exp10f imf_fast_expf imf_fast_logf
		imf_fast_log2f imf_fast_log10f imf_fast_powf imf_fast_fdividef
		imf_fadd* imf_fsub* imf_fmul* imf_fdiv* imf_fmaf* imf_sqrtf*
		imf_float2int* imf_float2uint* imf_float2ll* imf_float2ull* imf_float_as_int
		imf_int2float* imf_int_as_float imf_float_as_uint imf_ll2float* imf_uint2float*
		imf_uint_as_float imf_ull2float* imf_float2half* imf_half2float imf_half2int* imf_half2ll*
		imf_half2short* imf_half2uint* imf_half2ull* imf_half2ushort* imf_half_as_short
		imf_half_as_ushort imf_uint2half* imf_ull2half* imf_ushort2half* imf_ushort_as_half
		imf_int2half* imf_ll2half* imf_short2half* imf_short_as_half
		imf_fmaf16 imf_floorf16 imf_ceilf16 imf_fabsf16 imf_truncf16 imf_rintf16 imf_nearbyintf16
		imf_invf16 imf_sqrtf16 imf_rsqrtf16 imf_fmaxf16 imf_fminf16 imf_copysignf16
		imf_vabs2 imf_vabs4 imf_vabsss2 imf_vabsss4 imf_vneg2 imf_vneg4 imf_vnegss2 imf_vnegss4
		imf_vabsdiffs2 imf_vabsdiffs4 imf_vabsdiffu2 imf_vabsdiffu4 imf_vadd2 imf_vadd4
		imf_vaddss2 imf_vaddss4 imf_vaddus2 imf_vaddus4 imf_vsub2 imf_vsub4 imf_vsubss2
		imf_vsubss4 imf_vsubus2 imf_vsubus4 imf_vavgs2 imf_vavgs4 imf_vavgu2 imf_vavgu4
		imf_vhaddu2 imf_vhaddu4 imf_vcmpeq2 imf_vcmpeq4 imf_vcmpne2 imf_vcmpne4 imf_vcmpges2
		imf_vcmpges4 imf_vcmpgeu2 imf_vcmpgeu4 imf_vcmpgts2 imf_vcmpgts4 imf_vcmpgtu2
		imf_vcmpgtu4 imf_vcmples2 imf_vcmples4 imf_vcmpleu2 imf_vcmpleu4 imf_vcmplts2
		imf_vcmplts4 imf_vcmpltu2 imf_vcmpltu4 imf_vmaxs2 imf_vmaxs4 imf_vmaxu2 imf_vmaxu4
		imf_vmins2 imf_vmins4 imf_vminu2 imf_vminu4 imf_vseteq2 imf_vseteq4 imf_vsetne2
		imf_vsetne4 imf_vsetges2 imf_vsetges4 imf_vsetgeu2 imf_vsetgeu4 imf_vsetgts2
		imf_vsetgts4 imf_vsetgtu2 imf_vsetgtu4 imf_vsetles2 imf_vsetles4 imf_vsetleu2
		imf_vsetleu4 imf_vsetlts2 imf_vsetlts4 imf_vsetltu2 imf_vsetltu4 imf_vsads2 imf_vsads4
		imf_vsadu2 imf_vsadu4`},
	{devicelibIMFFP64, `imf_double2half imf_double2bfloat16 imf_fma imf_floor imf_ceil imf_fabs
		imf_trunc imf_rint imf_rcp64h imf_nearbyint imf_inv imf_sqrt imf_rsqrt imf_fmax imf_fmin
		imf_copysign imf_dadd* imf_dsub* imf_dmul* imf_ddiv* imf_double2float* imf_double2int*
		imf_double2uint* imf_double2hiint imf_double2loint imf_double2ll* imf_double2ull*
		imf_double_as_longlong imf_hiloint2double imf_int2double_rn imf_ll2double* imf_ull2double*
		imf_uint2double_rn imf_longlong_as_double imf_fma* imf_sqrt*`},
	{devicelibIMFBF16, `imf_bfloat162float imf_bfloat162int* imf_bfloat162short* imf_bfloat162ll*
		imf_bfloat162uint* imf_bfloat162ushort* imf_bfloat162ull* imf_float2bfloat16
		imf_float2bfloat16* imf_bfloat16_as_short imf_bfloat16_as_ushort imf_short_as_bfloat16
		imf_ushort_as_bfloat16 imf_ushort2bfloat16* imf_uint2bfloat16* imf_ull2bfloat16*
		imf_short2bfloat16* imf_int2bfloat16* imf_ll2bfloat16* imf_fmabf16 imf_fmaxbf16
		imf_fminbf16 imf_copysignbf16 imf_sqrtbf16 imf_rsqrtbf16 imf_fabsbf16 imf_rintbf16
		imf_floorbf16 imf_ceilbf16 imf_truncbf16`},
	{devicelibBFloat16, `ConvertFToBF16INTEL ConvertBF16ToFINTEL
		ConvertFToBF16INTELVec1 ConvertBF16ToFINTELVec1 ConvertFToBF16INTELVec2 ConvertBF16ToFINTELVec2
		ConvertFToBF16INTELVec3 ConvertBF16ToFINTELVec3 ConvertFToBF16INTELVec4 ConvertBF16ToFINTELVec4
		ConvertFToBF16INTELVec8 ConvertBF16ToFINTELVec8 ConvertFToBF16INTELVec16 ConvertBF16ToFINTELVec16`},
}

const devicelibPrefix = "__devicelib_"

var devicelibBits = func() map[string]uint32 {
	out := map[string]uint32{}
	for _, lib := range devicelibNames {
		for _, n := range strings.Fields(lib.names) {
			if base := strings.TrimSuffix(n, "*"); base != n {
				for _, r := range []string{"_rd", "_rn", "_ru", "_rz"} {
					out[devicelibPrefix+base+r] = lib.bit
				}
				continue
			}
			out[devicelibPrefix+n] = lib.bit
		}
	}
	return out
}()

// DevicelibBit returns the DeviceLibReqMask bit of a __devicelib_ function
// name, 0 if no fallback library provides it.
func DevicelibBit(name string) uint32 {
	if b, ok := devicelibBits[name]; ok {
		return b
	}
	// The group-sort library's functions are recognized by prefix.
	if strings.HasPrefix(name, devicelibPrefix+"default_work_group_") ||
		strings.HasPrefix(name, devicelibPrefix+"default_sub_group_") {
		return devicelibGroupSort
	}
	return 0
}

// isSPIRTriple reports SPIR and SPIR-V targets (spir, spir64 and its
// spir64_gen/_x86_64/_fpga sub-architectures, spirv, spirv32, spirv64):
// fallback device libraries exist only for them.
func isSPIRTriple(triple string) bool {
	arch := triple
	if i := strings.IndexByte(arch, '-'); i >= 0 {
		arch = arch[:i]
	}
	return arch == "spir" || arch == "spir64" || strings.HasPrefix(arch, "spir64_") || strings.HasPrefix(arch, "spirv")
}

// TargetTriple returns the module's "target triple" string, "" if none.
func TargetTriple(m *llvmir.Module) string {
	for i := range m.Entities {
		e := &m.Entities[i]
		if e.Kind != llvmir.KindTarget {
			continue
		}
		if triple, ok := entityTriple(m, e); ok {
			return triple
		}
	}
	return ""
}

// devicelibReqMask ORs the bits of the __devicelib_ functions the image
// declares (a definition means the library was linked in already). Non-SPIR
// targets get 0.
func devicelibReqMask(m *llvmir.Module, img *Image, triple string) uint32 {
	if !isSPIRTriple(triple) {
		return 0
	}
	var mask uint32
	for _, i := range img.Decls {
		if name := llvmir.GlobalName(m.Entities[i].Name); strings.HasPrefix(name, devicelibPrefix) {
			mask |= DevicelibBit(name)
		}
	}
	return mask
}

// entityTriple returns the triple of a `target triple = "..."` entity.
func entityTriple(m *llvmir.Module, e *llvmir.Entity) (string, bool) {
	if e.Kind != llvmir.KindTarget || e.Hi-e.Lo < 4 || m.Text(e.Lo+1) != "triple" {
		return "", false
	}
	return llvmir.Unquote(m.Text(e.Lo + 3)), true
}
