// Removed by the project's <Compile Remove>: a tool that reads it reports this syntax error.
namespace SdkProject { public class Old {
