#pragma once
/// The paste kinds of src/triage/*_kind.cpp, registered in triage_registry.cpp.
#include "triage/triage.h"

namespace rd {

PasteKind KernelLogKind();
PasteKind DkmsLogKind();
PasteKind ContainerErrorKind();
PasteKind IdOutputKind();
PasteKind PythonErrorKind();
PasteKind TorchVersionKind();
PasteKind StatusCodeKind();
PasteKind AmdLogKind();
PasteKind LlmRuntimeKind();
PasteKind CmakeHipKind();
PasteKind AmdSmiKind();
PasteKind ClinfoKind();
PasteKind HipconfigKind();

}  // namespace rd
