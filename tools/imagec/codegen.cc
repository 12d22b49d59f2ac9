// imagec_codegen: runs an LLVM backend (nvptx64 for rules_sycl) over device
// images in one long-lived process, linked with the LLVM libraries of the
// target's llc (LLVM 19 for nvptx64; tools/imagec is LLVM 15's, and the two
// LLVMs cannot share a process). A split of N images then costs one
// process start-up instead of N llc runs.
//
//   imagec_codegen serve [-march=A] [-mcpu=C] [-mattr=F] [-mtriple=T] [-O0..3]
//
// The flags are llc's and are parsed by LLVM's own option parser, so they
// mean what they mean to llc. Requests arrive on stdin, one at a time, each
// answered on stdout (the protocol of tools/imagec, see
// tools/internal/imagec):
//
//   codegen <n1> <n2>\n<n1 bytes: input path><n2 bytes: output path>
//       -> ok 0\n         output written as `llc FLAGS IN -o OUT` writes it
//
// and on failure `error <one line>\n` (the process keeps serving). Each
// request gets a fresh LLVMContext and TargetMachine and the steps of llc's
// compileModule in its order (read with the data-layout callback, verify,
// set function attributes, addPassesToEmitFile, run), so that the output is
// byte for byte llc's (tools/internal/imagec's tests compare them).
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <string>

#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/CodeGen/CommandFlags.h"
#include "llvm/CodeGen/MachineModuleInfo.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/InitializePasses.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetLoweringObjectFile.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

namespace {

// The codegen flags llc registers (-march, -mcpu, -mattr, -mtriple,
// -filetype, ...) and its -O and -mtriple, with llc's defaults.
llvm::codegen::RegisterCodeGenFlags codegenFlags;
llvm::cl::opt<char> optLevel("O", llvm::cl::desc("Optimization level, as llc's -O"), llvm::cl::Prefix,
                             llvm::cl::init('2'));
llvm::cl::opt<std::string> mtriple("mtriple", llvm::cl::desc("Override target triple for module, as llc's -mtriple"));

std::string oneLine(std::string s) {
  for (char &c : s)
    if (c == '\n' || c == '\r') c = ' ';
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s.empty() ? "failed" : s;
}

bool readExact(std::string &buf, size_t n) {
  buf.resize(n);
  return n == 0 || std::fread(&buf[0], 1, n, stdin) == n;
}

// The answer of the request being compiled (in the child, see serveOne).
std::string answer;
// Where a child writes its answer, and its image (for fatal errors).
int answerFd = -1;
std::string current;

void ok() { answer = "ok 0\n"; }

void fail(const std::string &msg) { answer = "error " + oneLine(msg) + "\n"; }

// Diagnostics keeps the first error the backend reports (llc prints it and
// fails); warnings and remarks are dropped, as foreach drops a successful
// llc's stderr.
struct Diagnostics : llvm::DiagnosticHandler {
  std::string *first;
  explicit Diagnostics(std::string *first) : first(first) {}
  bool handleDiagnostics(const llvm::DiagnosticInfo &di) override {
    if (di.getSeverity() != llvm::DS_Error) return true;
    if (first->empty()) {
      llvm::raw_string_ostream os(*first);
      llvm::DiagnosticPrinterRawOStream printer(os);
      di.print(printer);
    }
    HasErrors = true;
    return true;
  }
};

// compile is llc's compileModule for an IR (bitcode or text) input and
// the legacy pass manager, writing into a buffer that goes to `out` only
// when every step succeeded.
void compile(const std::string &in, const std::string &out) {
  llvm::CodeGenOptLevel level;
  if (auto l = llvm::CodeGenOpt::parseLevel(optLevel)) {
    level = *l;
  } else {
    fail("invalid optimization level");
    return;
  }
  std::string diag;
  llvm::LLVMContext ctx;
  ctx.setDiagnosticHandler(std::make_unique<Diagnostics>(&diag));
  std::string cpu = llvm::codegen::getCPUStr(), features = llvm::codegen::getFeaturesStr();
  std::optional<llvm::Reloc::Model> rm = llvm::codegen::getExplicitRelocModel();
  std::optional<llvm::CodeModel::Model> cm = llvm::codegen::getExplicitCodeModel();
  llvm::Triple triple;
  const llvm::Target *target = nullptr;
  std::unique_ptr<llvm::TargetMachine> tm;
  std::string targetErr;
  auto setDataLayout = [&](llvm::StringRef irTriple, llvm::StringRef) -> std::optional<std::string> {
    std::string t = irTriple.str();
    if (!mtriple.empty()) t = llvm::Triple::normalize(mtriple);
    triple = llvm::Triple(t);
    if (triple.getTriple().empty()) triple.setTriple(llvm::sys::getDefaultTargetTriple());
    target = llvm::TargetRegistry::lookupTarget(llvm::codegen::getMArch(), triple, targetErr);
    if (!target) return std::nullopt;
    llvm::TargetOptions opts = llvm::codegen::InitTargetOptionsFromCodeGenFlags(triple);
    // llc's own defaults for the options it sets after the codegen flags.
    opts.BinutilsVersion = llvm::TargetMachine::parseBinutilsVersion("");
    opts.MCOptions.ShowMCEncoding = false;
    opts.MCOptions.AsmVerbose = true;
    opts.MCOptions.PreserveAsmComments = true;
    opts.MCOptions.MCUseDwarfDirectory = llvm::MCTargetOptions::DefaultDwarfDirectory;
    tm.reset(target->createTargetMachine(triple.getTriple(), cpu, features, opts, rm, cm, level));
    if (!tm) return std::nullopt;
    return tm->createDataLayout().getStringRepresentation();
  };
  llvm::SMDiagnostic err;
  std::unique_ptr<llvm::Module> m = llvm::parseIRFile(in, err, ctx, llvm::ParserCallbacks(setDataLayout));
  if (!m) {
    std::string s;
    llvm::raw_string_ostream os(s);
    err.print("llc", os, /*ShowColors=*/false);
    fail(os.str());
    return;
  }
  if (!target) {
    fail(in + ": " + (targetErr.empty() ? "no target" : targetErr));
    return;
  }
  if (!tm) {
    fail(in + ": could not create the target machine");
    return;
  }
  if (!mtriple.empty()) m->setTargetTriple(llvm::Triple::normalize(mtriple));
  if (!cm) {
    if (std::optional<llvm::CodeModel::Model> irModel = m->getCodeModel()) tm->setCodeModel(*irModel);
  }
  if (std::optional<uint64_t> ldt = llvm::codegen::getExplicitLargeDataThreshold()) tm->setLargeDataThreshold(*ldt);
  if (llvm::codegen::getFloatABIForCalls() != llvm::FloatABI::Default)
    tm->Options.FloatABIType = llvm::codegen::getFloatABIForCalls();
  tm->Options.ObjectFilenameForDebug = out;

  llvm::TargetLibraryInfoImpl tlii(llvm::Triple(m->getTargetTriple()));
  {
    std::string verr;
    llvm::raw_string_ostream vos(verr);
    if (llvm::verifyModule(*m, &vos)) {
      fail(in + ": input module cannot be verified: " + vos.str());
      return;
    }
  }
  llvm::codegen::setFunctionAttributes(cpu, features, *m);

  llvm::legacy::PassManager pm;
  pm.add(new llvm::TargetLibraryInfoWrapperPass(tlii));
  llvm::SmallVector<char, 0> buf;
  llvm::raw_svector_ostream os(buf);
  auto &lltm = static_cast<llvm::LLVMTargetMachine &>(*tm);
  auto *mmiwp = new llvm::MachineModuleInfoWrapperPass(&lltm);
  std::string mcErr;
  mmiwp->getMMI().getContext().setDiagnosticHandler(
      [&](const llvm::SMDiagnostic &d, bool, const llvm::SourceMgr &, std::vector<const llvm::MDNode *> &) {
        if (mcErr.empty()) mcErr = d.getMessage().str();
      });
  if (tm->addPassesToEmitFile(pm, os, nullptr, llvm::codegen::getFileType(), /*DisableVerify=*/false, mmiwp)) {
    fail(in + ": " + (mcErr.empty() ? "target does not support generation of this file type" : mcErr));
    return;
  }
  const_cast<llvm::TargetLoweringObjectFile *>(lltm.getObjFileLowering())->Initialize(mmiwp->getMMI().getContext(), lltm);
  pm.run(*m);
  if (!diag.empty() || !mcErr.empty()) {
    fail(in + ": " + (diag.empty() ? mcErr : diag));
    return;
  }
  std::error_code ec;
  llvm::raw_fd_ostream f(out, ec, llvm::codegen::getFileType() == llvm::CodeGenFileType::AssemblyFile
                                      ? llvm::sys::fs::OF_TextWithCRLF
                                      : llvm::sys::fs::OF_None);
  if (ec) {
    fail(out + ": " + ec.message());
    return;
  }
  f.write(buf.data(), buf.size());
  f.close();
  if (f.has_error()) {
    fail(out + ": " + f.error().message());
    f.clear_error();
    return;
  }
  ok();
}

bool writeAll(int fd, const std::string &s) {
  for (size_t done = 0; done < s.size();) {
    ssize_t n = write(fd, s.data() + done, s.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += size_t(n);
  }
  return true;
}

// serveOne compiles one image in a child forked from this initialized
// process, and answers for it. LLVM's backends keep process-wide state
// that changes their output (NVPTX numbers call sites with a global
// counter that no API resets: a second image in the same process would get
// `callseq 4` where llc writes `callseq 0`), so each image starts from the
// state llc starts from; forking skips what dominates llc's time on a
// small image (loading libLLVM, its static initializers, option and target
// registration). A child that crashes fails its request, not the server.
void serveOne(const std::string &in, const std::string &out) {
  int fds[2];
  if (pipe(fds) != 0) {
    std::fprintf(stdout, "error %s: pipe: %s\n", in.c_str(), std::strerror(errno));
    std::fflush(stdout);
    return;
  }
  std::fflush(stdout);
  std::fflush(stderr);
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    answerFd = fds[1];
    current = in;
    compile(in, out);
    _exit(writeAll(fds[1], answer) ? 0 : 1);
  }
  close(fds[1]);
  std::string got;
  if (pid > 0) {
    char buf[4096];
    for (;;) {
      ssize_t n = read(fds[0], buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      got.append(buf, size_t(n));
    }
  }
  close(fds[0]);
  int status = 0;
  if (pid < 0) {
    got = "error " + in + ": fork: " + std::strerror(errno) + "\n";
  } else {
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (got.empty() || got.back() != '\n') {
      if (WIFSIGNALED(status))
        got = "error " + oneLine(in + ": the backend crashed (" + strsignal(WTERMSIG(status)) + ")") + "\n";
      else
        got = "error " + oneLine(in + ": the backend failed (exit status " + std::to_string(WEXITSTATUS(status)) +
                                 "; see stderr)") + "\n";
    }
  }
  std::fwrite(got.data(), 1, got.size(), stdout);
  std::fflush(stdout);
}

// fatal ends a child on LLVM's fatal errors (llc would end too) with the
// reason as the request's error.
void fatal(void *, const char *reason, bool) {
  fail(current + ": LLVM ERROR: " + reason);
  if (answerFd >= 0) writeAll(answerFd, answer);
  _exit(1);
}

const char kUsage[] =
    "usage: imagec_codegen serve [llc flags: -march= -mcpu= -mattr= -mtriple= -O]\n\n"
    "answers requests on stdin (codegen <n1> <n2>\\n<input path><output path>)\n"
    "by writing what llc writes; see tools/imagec/codegen.cc.\n";

bool isHelp(const char *arg) {
  return !std::strcmp(arg, "-h") || !std::strcmp(arg, "-help") || !std::strcmp(arg, "--help");
}

}  // namespace

int main(int argc, char **argv) {
  if (argc == 2 && isHelp(argv[1])) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  if (argc < 2 || std::strcmp(argv[1], "serve") != 0) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  llvm::install_fatal_error_handler(fatal, nullptr);
  llvm::InitializeAllTargets();
  llvm::InitializeAllTargetMCs();
  llvm::InitializeAllAsmPrinters();
  llvm::InitializeAllAsmParsers();
  llvm::PassRegistry *registry = llvm::PassRegistry::getPassRegistry();
  llvm::initializeCore(*registry);
  llvm::initializeCodeGen(*registry);
  llvm::initializeLoopStrengthReducePass(*registry);
  llvm::initializeLowerIntrinsicsPass(*registry);
  llvm::initializeUnreachableBlockElimLegacyPassPass(*registry);
  llvm::initializeConstantHoistingLegacyPassPass(*registry);
  llvm::initializeScalarOpts(*registry);
  llvm::initializeVectorization(*registry);
  llvm::initializeScalarizeMaskedMemIntrinLegacyPassPass(*registry);
  llvm::initializeExpandReductionsPass(*registry);
  llvm::initializeHardwareLoopsLegacyPass(*registry);
  llvm::initializeTransformUtils(*registry);
  llvm::initializeReplaceWithVeclibLegacyPass(*registry);

  // argv[0] and the flags after "serve", as llc would see them.
  std::vector<const char *> args{argv[0]};
  for (int i = 2; i < argc; i++) args.push_back(argv[i]);
  std::string perr;
  llvm::raw_string_ostream pos(perr);
  if (!llvm::cl::ParseCommandLineOptions(int(args.size()), args.data(), "imagec_codegen\n", &pos)) {
    std::fprintf(stderr, "imagec_codegen: %s\n", oneLine(pos.str()).c_str());
    return 2;
  }
  char line[256];
  std::string a, b;
  while (std::fgets(line, sizeof line, stdin)) {
    size_t n1 = 0, n2 = 0;
    if (std::sscanf(line, "codegen %zu %zu", &n1, &n2) == 2) {
      if (!readExact(a, n1) || !readExact(b, n2)) break;
      serveOne(a, b);
    } else {
      std::fprintf(stderr, "imagec_codegen: malformed request: %s", line);
      return 2;
    }
  }
  return 0;
}
