// The questions asked over the grid: "grow the grid?" with what each choice costs in memory on
// each engine against what is free, and confirmations before the undo history would be lost.
#include <cstdio>
#include <string>

#include "app/viewer/grid_renderer.hpp"
#include "app/viewer/panels.hpp"
#include "imgui.h"

namespace gpulife::app {

static_assert(kMaxDrawBytes == GridRenderer::kMaxStateBytes,
              "the memory check must use the renderer's limit");

namespace {

const ImVec4 kGood(0.55f, 0.9f, 0.55f, 1.0f);
const ImVec4 kBad(1.0f, 0.5f, 0.45f, 1.0f);

std::string free_text(const std::optional<double>& bytes) {
  return bytes ? format_bytes(*bytes) : std::string("unknown");
}

// Centred over the grid, above everything else, until answered.
bool begin_prompt(const char* title) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.4f), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(display.x * 0.9f, display.y * 0.9f));
  ImGui::SetNextWindowFocus();
  ImGui::SetNextWindowBgAlpha(0.97f);
  return ImGui::Begin(title, nullptr,
                      ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse |
                          ImGuiWindowFlags_NoSavedSettings);
}

void memory_table(const Simulation& sim, const PendingGrow& g) {
  if (!ImGui::BeginTable("##memory", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit))
    return;
  ImGui::TableSetupColumn("engine");
  ImGui::TableSetupColumn("needs");
  ImGui::TableSetupColumn("free");
  ImGui::TableSetupColumn("");
  ImGui::TableHeadersRow();
  for (const auto& [name, fit] : g.engines) {
    // A GPU engine's figure for its device memory, then the host memory it also needs.
    auto memory_column = [gpu = fit.gpu](const std::string& device, const char* joiner,
                                         const std::string& host) {
      ImGui::TableNextColumn();
      if (gpu) {
        ImGui::Text("%s GPU%s %s host", device.c_str(), joiner, host.c_str());
      } else {
        ImGui::Text("%s host", host.c_str());
      }
    };
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::Text("%s%s", name.c_str(), name == sim.engine_name() ? " (current)" : "");
    memory_column(format_bytes(fit.device_bytes), " +", format_bytes(fit.host_bytes));
    memory_column(free_text(fit.device_free), ",", free_text(fit.host_free));
    ImGui::TableNextColumn();
    if (fit.fits) {
      ImGui::TextColored(kGood, "fits");
    } else {
      ImGui::TextColored(kBad, "no: %s", fit.why.c_str());
    }
  }
  ImGui::EndTable();
}

void grow_prompt(EditState& edit, const Simulation& sim, const PromptActions& actions) {
  const PendingGrow& g = *edit.grow;
  const bool load = g.kind == PendingGrow::Kind::Load;
  if (begin_prompt("Grow the grid?")) {
    const Box b = g.pattern.bounding_box();
    ImGui::Text("%s (%s cells, %zu live) does not fit the %s grid.", g.source.c_str(),
                size_text({b.width(), b.height()}).c_str(), g.pattern.population(),
                size_text({sim.width(), sim.height()}).c_str());
    ImGui::Text(load ? "A %s grid (room for it to grow) needs:" : "Growing it to %s needs:",
                size_text(g.size).c_str());
    memory_table(sim, g);
    ImGui::Separator();
    std::optional<GrowChoice> pick;
    const GrowChoice primary = primary_choice(g);
    auto button = [&](GrowChoice choice, const std::string& label) {
      if (ImGui::Button((label + (choice == primary ? "  (Enter)" : "")).c_str())) pick = choice;
    };
    if (g.fit.fits) {
      button(GrowChoice::Offered, "Grow to " + size_text(g.size));
    } else {
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40.0f);
      ImGui::TextColored(kBad, "%s cannot hold a %s grid here: %s.", sim.engine_name().c_str(),
                         size_text(g.size).c_str(), g.fit.why.c_str());
      ImGui::PopTextWrapPos();
      if (g.largest) {
        button(GrowChoice::Largest,
               "Load into " + size_text(*g.largest) + ", the largest that fits");
      } else if (g.clip) {
        if (load) ImGui::TextUnformatted("No grid that holds the whole pattern fits.");
        const std::string part =
            load ? "Load clipped: the " + g.clip->where + " " +
                       size_text({g.clip->window.width(), g.clip->window.height()})
                 : std::string("Paste only the part inside the grid");
        button(GrowChoice::Clipped, part + " (" + std::to_string(g.clip->kept) + " of " +
                                        std::to_string(g.pattern.population()) + " cells)");
      } else {
        ImGui::TextColored(kBad, "Nothing that holds it fits in the memory free now.");
      }
    }
    ImGui::SameLine();
    const bool cancel = ImGui::Button("Cancel  (Esc)");
    ImGui::End();
    if (pick) {
      actions.accept_grow(*pick);
    } else if (cancel) {
      edit.grow.reset();
      actions.report("cancelled: the grid was left as it was", false);
    }
    return;
  }
  ImGui::End();
}

void confirm_prompt(const PendingConfirm& c, const PromptActions& actions) {
  bool accept = false, cancel = false;
  if (begin_prompt(c.title.c_str())) {
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
    ImGui::TextUnformatted(c.text.c_str());
    ImGui::PopTextWrapPos();
    accept = ImGui::Button((c.accept_label + "  (Enter)").c_str());
    ImGui::SameLine();
    cancel = ImGui::Button("Cancel  (Esc)");
  }
  ImGui::End();
  if (accept) actions.accept_confirm();
  if (cancel) actions.cancel_confirm();
}

}  // namespace

void draw_prompts(EditState& edit, const Simulation& sim, const PromptActions& actions) {
  if (edit.confirm) {
    confirm_prompt(*edit.confirm, actions);
  } else if (edit.grow) {
    grow_prompt(edit, sim, actions);
  }
}

}  // namespace gpulife::app
