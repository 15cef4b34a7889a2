// The words an open slot (a QiChat wildcard, `my name is _*`) may hold:
// common English words and first names. A grammar's own words are added to
// them; a word outside both is heard as the nearest-sounding one of them.
#include <sstream>

#include "autolife/voice/recognizer.hpp"

namespace autolife::voice {

namespace {

constexpr const char* kWords = R"(
a about after again all also always am an and animal any anything apple are around as ask at away baby back bad
ball be beautiful because bed been before best better big bird black blue boat body book both box boy bread
break brother brown but buy by cake call came can car cat change child children city class close cold color
come computer cook could country day dance dark daughter dinner do doctor does dog done door down draw dream
drink drive each early eat egg eight end engineer evening every eye face family far fast father find fine
fire first fish five flower fly food for four friend from fruit fun funny game garden get girl give go good
great green hair hand happy hard has have he hello help her here high him his home horse hot house how hungry
i idea in is it its just keep kind kitchen know large last late learn left let life light like little live
long look lot love make man many me milk money month more morning mother music my name near need never new
next nice night nine no not nothing now number of off old on one open or orange other our out over paper
park party people phone picture pink place play please pretty purple put rain read red right robot room run
sad same school sea see seven she shoe shop short sing sister sit six sleep slow small snow so some song
soon sport start stay still stop story street student summer sun sure table talk tea teacher tell ten than
thank that the their them then there they thing think this three time to today tomorrow too toy train tree
two up us very walk want warm water way we weather week well what when where which white who why will window
winter with woman work world write year yellow yes yesterday you young your zero
adam alex alice amy andrew anna ben bob carl charlie chris daniel david emily emma eric eve frank george grace
harry helen jack james jane jean john julia kate laura leo lisa louis lucy mark mary max michael mike nick
olivia paul peter rose sam sarah sophie steve thomas tom
)";

std::vector<std::string> splitWords(const char* text) {
  std::vector<std::string> v;
  std::istringstream in(text);
  for (std::string w; in >> w;) v.push_back(w);
  return v;
}

}  // namespace

const std::vector<std::string>& openSlotWords() {
  static const std::vector<std::string> words = splitWords(kWords);
  return words;
}

}  // namespace autolife::voice
