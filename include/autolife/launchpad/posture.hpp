// Launchpad/Posture and Launchpad/PostureFamily: NAOqi's predefined posture
// names (ALRobotPosture) and the family each belongs to.
//
//   Stand, StandInit, StandZero   Standing
//   Crouch                        Crouching
//   Sit, SitRelax                 Sitting
//   SitOnChair                    SittingOnChair
//   LyingBelly                    LyingBelly
//   LyingBack                     LyingBack
//
// Other families (LyingLeft, LyingRight, Belly, Back, Left, Right, Kneeling,
// Frog, HeadBack, Unknown) have no predefined posture: an input names them
// explicitly (e.g. after a fall), and any other posture name is "Unknown".
#pragma once

#include <string_view>

namespace autolife::launchpad {

std::string_view postureFamily(std::string_view posture);

}  // namespace autolife::launchpad
