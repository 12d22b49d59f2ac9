package split

import "testing"

func TestImportable(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"_Z7ext_mixii", true},
		{"__devicelib_ConvertFToBF16INTEL", false},
		{"__devicelib_assert_fail", false},
		{"__spirv_ControlBarrier", false},
		{"llvm.memcpy.p0i8.p0i8.i64", false},
		{"_Z8__helperv", false},
	} {
		if got := importable(tc.name); got != tc.want {
			t.Errorf("importable(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestIsBF16DeviceLibFunction(t *testing.T) {
	for name, want := range map[string]bool{
		"__devicelib_ConvertFToBF16INTEL":     true,
		"__devicelib_ConvertBF16ToFINTELVec4": true,
		"__devicelib_assert_fail":             false,
		"_Z13get_global_idj":                  false,
	} {
		if got := IsBF16DeviceLibFunction(name); got != want {
			t.Errorf("IsBF16DeviceLibFunction(%q) = %v, want %v", name, got, want)
		}
	}
}
