using System.Collections.Generic;
using System.Collections.ObjectModel;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Fabrikam.Research.Surveys
{
    [DataContract]
    public class Answer
    {
        [DataMember] public int QuestionId { get; set; }
        [DataMember] public string Text { get; set; }
    }

    [DataContract]
    public class SurveyResult
    {
        [DataMember] public IEnumerable<Answer> Answers { get; set; }
        [DataMember] public IList<int> SkippedQuestions { get; set; }
        [DataMember] public ICollection<string> Comments { get; set; }
        [DataMember] public ReadOnlyCollection<string> Flags { get; set; }
        [DataMember] public HashSet<string> Keywords { get; set; }
        [DataMember] public ObservableCollection<Answer> Revisions { get; set; }
        [DataMember] public Queue<int> PendingReviews { get; set; }
        [DataMember] public LinkedList<string> AuditTrail { get; set; }
        [DataMember] public Answer[] Highlights { get; set; }
        [DataMember] public int[][] Matrix { get; set; }
        [DataMember] public double[,] Heatmap { get; set; }
        [DataMember] public List<List<string>> FreeTextByPage { get; set; }
        [DataMember] public List<byte[]> Signatures { get; set; }
        [DataMember] public IReadOnlyList<int> Scores { get; set; }
    }

    [ServiceContract]
    public interface ISurveyResults
    {
        [OperationContract]
        SurveyResult GetResult(int respondentId);

        [OperationContract]
        IEnumerable<int> ListRespondents(IList<string> filters);

        [OperationContract]
        void SubmitBatch(List<SurveyResult> results);
    }
}
