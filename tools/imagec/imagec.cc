// imagec: assembles and translates device images in one long-lived process,
// through LLVM 15's and SPIRV-LLVM-Translator's libraries, so that a split of
// N images costs one process start-up instead of N (llvm-as-15 and
// llvm-spirv-15 spend ~15 ms of a small image's ~20 ms starting).
//
//   imagec serve [--spirv-max-version=1.N] [--spirv-ext=+A,-B,...]
//
// reads requests on stdin and answers each on stdout, one at a time:
//
//   as <opaque:0|1> <n>\n<n bytes of textual IR>
//       -> ok <m>\n<m bytes of bitcode>       what `llvm-as-15 [-opaque-pointers=0] - -o -` writes
//   spirv <n1> <n2>\n<n1 bytes: bitcode path><n2 bytes: output path>
//       -> ok 0\n                             output written as `llvm-spirv-15 FLAGS IN -o OUT` writes it
//
// and on failure `error <one line>\n` (the process keeps serving). The
// callers (tools/splitter, tools/foreach) keep file tables, temporary names
// and clean-up; this program only does what the two LLVM tools would do,
// with the same library calls in the same order, so that outputs are byte
// for byte those of the tools (tools/internal/imagec's tests check it).
//
// Built with -DIMAGEC_AS_ONLY (sycl_configure's imagec_as), it serves `as`
// only and links LLVM's static archives instead of libLLVM-15.so: the
// split's assemblers (one per CPU) then map a few MB of code each instead
// of the whole shared library (54 MB resident, most of it libLLVM's pages
// dirtied by relocation), while SPIR-V translation keeps the shared build
// (SPIRV-LLVM-Translator ships as a shared library only).
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>

#ifndef IMAGEC_AS_ONLY
#include "LLVMSPIRVLib/LLVMSPIRVLib.h"
#endif
#include "llvm/AsmParser/Parser.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSummaryIndex.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

namespace {

// oneLine keeps the first line of a diagnostic: the protocol's error is one line.
std::string oneLine(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  size_t nl = s.find('\n');
  if (nl != std::string::npos) s.resize(nl);
  return s.empty() ? "failed" : s;
}

bool readExact(std::string &buf, size_t n) {
  buf.resize(n);
  return n == 0 || std::fread(&buf[0], 1, n, stdin) == n;
}

void reply(const std::string &status, const std::string &payload) {
  std::fprintf(stdout, "%s %zu\n", status.c_str(), payload.size());
  if (!payload.empty()) std::fwrite(payload.data(), 1, payload.size(), stdout);
  std::fflush(stdout);
}

void fail(const std::string &msg) {
  std::fprintf(stdout, "error %s\n", oneLine(msg).c_str());
  std::fflush(stdout);
}

// assemble does what llvm-as-15's main does for `llvm-as - -o -`: parse
// (module ID "<stdin>"), verify, write bitcode with use-list order kept.
void assemble(bool opaque, const std::string &text) {
  llvm::LLVMContext ctx;
  if (!opaque) ctx.setOpaquePointers(false);
  llvm::SMDiagnostic diag;
  // The parser wants a NUL-terminated buffer: copy into one.
  auto owned = llvm::MemoryBuffer::getMemBufferCopy(text, "<stdin>");
  llvm::ParsedModuleAndIndex parsed =
      llvm::parseAssemblyWithIndex(owned->getMemBufferRef(), diag, ctx, nullptr);
  if (!parsed.Mod) {
    std::string s;
    llvm::raw_string_ostream os(s);
    diag.print("llvm-as", os, /*ShowColors=*/false);
    fail(os.str());
    return;
  }
  std::string verr;
  llvm::raw_string_ostream vos(verr);
  if (llvm::verifyModule(*parsed.Mod, &vos)) {
    fail("assembly parsed, but does not verify as correct: " + vos.str());
    return;
  }
  const llvm::ModuleSummaryIndex *index = nullptr;
  if (parsed.Index && (parsed.Index->begin() != parsed.Index->end() || parsed.Index->getFlags()))
    index = parsed.Index.get();
  std::string out;
  llvm::raw_string_ostream bos(out);
  llvm::WriteBitcodeToFile(*parsed.Mod, bos, /*ShouldPreserveUseListOrder=*/true, index,
                           /*GenerateHash=*/false);
  bos.flush();
  reply("ok", out);
}

#ifndef IMAGEC_AS_ONLY
// translate does what llvm-spirv-15's convertLLVMToSPIRV does.
void translate(const SPIRV::TranslatorOpts &opts, const std::string &in, const std::string &out) {
  {
    std::ifstream f(in, std::ios::binary);
    if (f && f.peek() == EOF) {
      fail(in + ": Can't translate, file is empty");
      return;
    }
  }
  llvm::LLVMContext ctx;
  auto mb = llvm::MemoryBuffer::getFile(in);
  if (!mb) {
    fail(in + ": " + mb.getError().message());
    return;
  }
  auto m = llvm::getOwningLazyBitcodeModule(std::move(*mb), ctx, /*ShouldLazyLoadMetadata=*/true);
  if (!m) {
    fail(in + ": " + llvm::toString(m.takeError()));
    return;
  }
  if (llvm::Error e = (*m)->materializeAll()) {
    fail(in + ": " + llvm::toString(std::move(e)));
    return;
  }
  std::string err;
  bool ok;
  {
    std::ofstream f(out, std::ios::binary);
    ok = llvm::writeSpirv(m->get(), opts, f, err);
    f.close();
    if (ok && !f) {
      fail(out + ": write failed");
      return;
    }
  }
  if (!ok) {
    fail(in + ": Fails to save LLVM as SPIR-V: " + err);
    return;
  }
  reply("ok", "");
}

// parseOpts reads the llvm-spirv flags this program supports, with the
// tool's defaults: every known extension off unless --spirv-ext turns it
// on, the newest SPIR-V version, FP contraction on.
bool parseOpts(int argc, char **argv, SPIRV::TranslatorOpts &opts, std::string &err) {
  std::map<std::string, SPIRV::ExtensionID> names;
#define EXT(X) names[#X] = SPIRV::ExtensionID::X;
#include "LLVMSPIRVLib/LLVMSPIRVExtensions.inc"
#undef EXT
  SPIRV::TranslatorOpts::ExtensionsStatusMap status;
  for (const auto &it : names) status[it.second] = false;
  SPIRV::VersionNumber max = SPIRV::VersionNumber::MaximumVersion;
  static const std::map<std::string, SPIRV::VersionNumber> versions = {
      {"1.0", SPIRV::VersionNumber::SPIRV_1_0}, {"1.1", SPIRV::VersionNumber::SPIRV_1_1},
      {"1.2", SPIRV::VersionNumber::SPIRV_1_2}, {"1.3", SPIRV::VersionNumber::SPIRV_1_3},
      {"1.4", SPIRV::VersionNumber::SPIRV_1_4}};
  for (int i = 0; i < argc; i++) {
    std::string a = argv[i];
    if (a.rfind("--", 0) == 0) a = a.substr(1);
    if (a.rfind("-spirv-max-version=", 0) == 0) {
      auto v = versions.find(a.substr(strlen("-spirv-max-version=")));
      if (v == versions.end()) {
        err = "unsupported " + std::string(argv[i]);
        return false;
      }
      max = v->second;
    } else if (a.rfind("-spirv-ext=", 0) == 0) {
      std::stringstream list(a.substr(strlen("-spirv-ext=")));
      std::string e;
      while (std::getline(list, e, ',')) {
        if (e.size() < 2 || (e[0] != '+' && e[0] != '-')) {
          err = "invalid --spirv-ext entry '" + e + "' (expected +NAME or -NAME)";
          return false;
        }
        bool on = e[0] == '+';
        std::string name = e.substr(1);
        if (name == "all") {
          for (const auto &it : names) status[it.second] = on;
          continue;
        }
        auto it = names.find(name);
        if (it == names.end()) {
          err = "Unknown extension '" + name + "' was specified via --spirv-ext option";
          return false;
        }
        status[it->second] = on;
      }
    } else {
      err = "unsupported translator flag " + std::string(argv[i]) +
            " (use the per-image llvm-spirv for it)";
      return false;
    }
  }
  opts = SPIRV::TranslatorOpts(max, status);
  opts.setFPContractMode(SPIRV::FPContractMode::On);
  return true;
}

#endif  // IMAGEC_AS_ONLY

#ifdef IMAGEC_AS_ONLY
const char kUsage[] =
    "usage: imagec_as serve (assembles only: no translator flags)\n\n"
    "answers requests on stdin (as <opaque:0|1> <n>\\n<textual IR>) with what\n"
    "llvm-as-15 writes; see tools/imagec/imagec.cc.\n";
#else
const char kUsage[] =
    "usage: imagec serve [--spirv-max-version=1.N] [--spirv-ext=+A,-B,...]\n\n"
    "answers requests on stdin (as ..., spirv ...) with what llvm-as-15 and\n"
    "llvm-spirv-15 write; see tools/imagec/imagec.cc.\n";
#endif

bool isHelp(const char *arg) {
  return !std::strcmp(arg, "-h") || !std::strcmp(arg, "-help") || !std::strcmp(arg, "--help");
}

}  // namespace

int main(int argc, char **argv) {
  if (argc == 2 && isHelp(argv[1])) {
    std::fputs(kUsage, stdout);
    return 0;
  }
#ifdef IMAGEC_AS_ONLY
  if (argc != 2 || std::strcmp(argv[1], "serve") != 0) {
    std::fputs(kUsage, stderr);
    return 2;
  }
#else
  if (argc < 2 || std::strcmp(argv[1], "serve") != 0) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  SPIRV::TranslatorOpts opts;
  std::string err;
  if (!parseOpts(argc - 2, argv + 2, opts, err)) {
    std::fprintf(stderr, "imagec: %s\n", err.c_str());
    return 2;
  }
#endif
  char line[256];
  std::string a, b;
  while (std::fgets(line, sizeof line, stdin)) {
    size_t n1 = 0, n2 = 0;
    int opaque = 0;
    if (std::sscanf(line, "as %d %zu", &opaque, &n1) == 2) {
      if (!readExact(a, n1)) break;
      assemble(opaque != 0, a);
    } else if (std::sscanf(line, "spirv %zu %zu", &n1, &n2) == 2) {
      if (!readExact(a, n1) || !readExact(b, n2)) break;
#ifdef IMAGEC_AS_ONLY
      fail(a + ": this imagec build (imagec_as) only assembles; translate with imagec");
#else
      translate(opts, a, b);
#endif
    } else {
      std::fprintf(stderr, "imagec: malformed request: %s", line);
      return 2;
    }
  }
  return 0;
}
