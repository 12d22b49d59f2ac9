package propdiff

// Allowance is one intended difference between our device-linked images and
// libsycl-jit's per-TU per_kernel images. Compare applies each where its
// condition holds and nowhere else; tools/propdiff/README.md lists them.
type Allowance struct {
	ID   string
	What string // the difference that is not reported
	Why  string
}

// Allowed differences. Each is checked narrowly: outside its condition the
// same difference is reported.
var Allowed = []Allowance{
	{
		ID:   "static-link-imports",
		What: "theirs lists a symbol in SYCL/imported symbols that ours does not, and some image of theirs exports it",
		Why:  "the device link defined the symbol in the linked module: nothing is left to import at run time. A symbol no image of theirs exports stays an import on both sides",
	},
	{
		ID:   "static-link-exports",
		What: "theirs lists a symbol in SYCL/exported symbols that ours does not; ours may list a symbol only if theirs exports it",
		Why:  "after a static link no other image imports from this one: SYCL_EXTERNAL functions are not exported, and device globals are shared through the one linked module",
	},
	{
		ID:   "external-function-entries",
		What: "an entry point of theirs that its image exports (a SYCL_EXTERNAL function, not a kernel) is not an entry point of ours",
		Why:  "the splitter runs with -emit-only-kernels-as-entry-points: after the link SYCL_EXTERNAL functions are called, not launched, and need no image of their own",
	},
	{
		ID:   "linked-device-globals",
		What: "ours lists a device global (SYCL/device globals, SYCL/host pipes, its @global_id_mapping) that theirs lists for another kernel's image but not for this one, with the same value",
		Why:  "device globals with external linkage are roots of every image (as in sycl-post-link): after the link the module holds every TU's globals, and each image lists them all",
	},
	{
		ID:   "imported-requirements",
		What: "ours' union-valued device requirements (aspects, fixed_target, joint_matrix, joint_matrix_mad), DeviceLibReqMask bits, uses-virtual-functions-set names and helper functions' program metadata include those of the images of theirs that export a symbol the kernel's image of theirs imports (transitively)",
		Why:  "after the link the imported SYCL_EXTERNAL functions are in the kernel's image, and the image requires what they use; in theirs those requirements are on the exporting image, which the runtime links in",
	},
	{
		ID:   "spec-const-numbering",
		What: "numeric specialization-constant ids differ; constants compare by symbolic id, descriptor layout (offsets, sizes, padding) and default bytes",
		Why:  "ids number the constants of one image in first-use order: an image of several kernels, or of a linked module, numbers them differently, and the runtime maps symbolic ids to each image's own numbers",
	},
	{
		ID:   "legacy-reqd-work-group-size",
		What: "ours has SYCL/device requirements reqd_work_group_size (u32 values) where theirs has none, holding the values of ours' reqd_work_group_size_uint64_t, which must equal theirs",
		Why:  "the splitter writes the u32 key as well, for runtimes from before intel/llvm#10620 that read only it; the newest post-link writes only the 64-bit key",
	},
	{
		ID:   "legacy-devicelib-mask",
		What: "ours has a SYCL/devicelib req mask where none of theirs' images has the set",
		Why:  "the splitter follows the late-2024 post-link, which writes the mask (e.g. assert 1, bfloat16 512); libsycl-jit 2026.2 writes none and lists imports of the bfloat16 library instead, which ours lists too (the wrapper adds the library's images); the CPU device has the extensions natively, so libsycl.so.9 links no fallback library for the bits",
	},
	{
		ID:   "unresolved-import",
		What: "theirs imports a symbol no image of theirs exports (a SYCL_EXTERNAL function no TU defines) and ours does not list it",
		Why:  "after the static link the call stays a declaration; the split of a linked program lists only the bfloat16 library's imports (-emit-devicelib-imports), and libsycl's build of the kernel fails on the undefined function as it fails on the per-TU image's unresolvable import",
	},
	{
		ID:   "shared-image-spec-consts",
		What: "a specialization constant theirs lists in an image that also holds kernels ours' image does not, and ours' image lacks",
		Why:  "theirs is split per_source (the library refuses per_kernel for some TUs): its image lists the constants of all its kernels; ours' constants must still each be among theirs'",
	},
	{
		ID:   "legacy-assert-used",
		What: "ours lists a kernel in SYCL/assert used where theirs writes no SYCL/assert used set",
		Why:  "the splitter follows the late-2024 post-link, which writes the set for kernels that may call assert; libsycl-jit 2026.2 writes none; libsycl.so.9 then only checks the assert flag after such a kernel",
	},
}
