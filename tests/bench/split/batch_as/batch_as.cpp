// batch_as: assemble many LLVM 15 text modules into bitcode in ONE process,
// byte-identical to `llvm-as-15 -opaque-pointers=0 IN -o OUT` (use-list order
// preserved, typed pointers). A measurement tool for tests/bench/split/run.sh:
// it shows what the splitter's bitcode mode would cost without one llvm-as
// process (and its ~15 ms start-up) per image. Not part of the build.
//
//   clang++-15 -O2 -std=c++17 -I/usr/lib/llvm-15/include batch_as.cpp \
//       -L/usr/lib/llvm-15/lib -lLLVM-15 -o batch_as
//   batch_as IN1.ll OUT1.bc [IN2.ll OUT2.bc ...]
#include "llvm/AsmParser/Parser.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

int main(int argc, char **argv) {
  if (argc < 3 || argc % 2 != 1) {
    errs() << "usage: " << argv[0] << " IN.ll OUT.bc [IN.ll OUT.bc ...]\n";
    return 2;
  }
  for (int i = 1; i + 1 < argc; i += 2) {
    LLVMContext ctx;
    ctx.setOpaquePointers(false);
    SMDiagnostic err;
    std::unique_ptr<Module> m = parseAssemblyFile(argv[i], err, ctx);
    if (!m) {
      err.print(argv[0], errs());
      return 1;
    }
    std::error_code ec;
    raw_fd_ostream out(argv[i + 1], ec, sys::fs::OF_None);
    if (ec) {
      errs() << argv[i + 1] << ": " << ec.message() << "\n";
      return 1;
    }
    WriteBitcodeToFile(*m, out, /*ShouldPreserveUseListOrder=*/true);
  }
  return 0;
}
