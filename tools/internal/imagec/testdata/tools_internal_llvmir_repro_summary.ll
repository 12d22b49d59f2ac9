; ModuleID = 'sum.bc'
source_filename = "indirect.ll"
target triple = "spir64-unknown-unknown"

define spir_kernel void @k(ptr %fp, ptr %fp2) #0 {
  call spir_func void %fp(i32 noundef 1)
  %r = call spir_func float %fp2(float 1.000000e+00)
  ret void
}

define spir_kernel void @other() #0 {
  ret void
}

define spir_func void @same(i32 noundef %x) #1 {
  ret void
}

define spir_func void @diff(i64 %x) #1 {
  ret void
}

define linkonce_odr spir_func float @fsame(float %x) #1 {
  ret float %x
}

define spir_func void @notref(i32 %x) {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "referenced-indirectly" }

^0 = module: (path: "sum.bc", hash: (0, 0, 0, 0, 0))
^1 = gv: (name: "same", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0), insts: 1))) ; guid = 5913071517070656337
^2 = gv: (name: "fsame", summaries: (function: (module: ^0, flags: (linkage: linkonce_odr, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0), insts: 1))) ; guid = 7012991419158691321
^3 = gv: (name: "k", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0), insts: 3, funcFlags: (readNone: 0, readOnly: 0, noRecurse: 0, returnDoesNotAlias: 0, noInline: 0, alwaysInline: 0, noUnwind: 0, mayThrow: 0, hasUnknownCall: 1, mustBeUnreachable: 0)))) ; guid = 10703003673886319756
^4 = gv: (name: "diff", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0), insts: 1))) ; guid = 11566655575130254637
^5 = gv: (name: "other", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0), insts: 1))) ; guid = 13598193224579702649
^6 = gv: (name: "notref", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0), insts: 1))) ; guid = 13889404143269699400
^7 = blockcount: 6
