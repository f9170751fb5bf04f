import { Templates } from '@rjsf/mui';
import { ariaDescribedByIds, type BaseInputTemplateProps } from '@rjsf/utils';

const MuiBaseInput = Templates.BaseInputTemplate;

/**
 * The MUI theme's text input, with `aria-describedby` on the input element itself (the theme puts it on
 * the wrapper), so a field's errors and help are announced with the field.
 */
export function DescribedBaseInput(props: BaseInputTemplateProps) {
  if (!MuiBaseInput) return null;
  const slotProps = (props.slotProps ?? {}) as { htmlInput?: Record<string, unknown> };
  return (
    <MuiBaseInput
      {...props}
      slotProps={{
        ...slotProps,
        htmlInput: {
          ...slotProps.htmlInput,
          'aria-describedby': ariaDescribedByIds(props.id, Boolean(props.schema.examples)),
        },
      }}
    />
  );
}
